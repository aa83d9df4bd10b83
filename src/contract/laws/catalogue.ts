/**
 * The catalogue: every law of every operation, as data with a check per scope it judges. The
 * conformance runner applies the catalogue to what it observed, and reports coverage from it;
 * docs/laws.md is rendered from it.
 */

import { type ApiSet, contractOfOperation } from '../api-set.js';
import { allOperations, type ListOperation } from '../operations.js';
import { optional } from '../optional.js';
import type { JsonObject } from '../rules/types.js';
import type { Violation } from '../violation.js';
import { absentUnlessAsked, boundedByParam } from './asked.js';
import { defineLaw, everyOperation, type LawDefinition } from './define.js';
import {
  cursorBoundToQuery,
  cursorExclusive,
  errorFormat,
  headerRefusalLaws,
  malformedCursorRejected,
  refusalLaws,
  unknownSession404,
} from './errors.js';
import { filterLaws } from './filters.js';
import { idsStable, idsUnique, nestedIdsUnique, stableIdsFixed } from './ids.js';
import { envelopeRuleLaws, itemRuleLaws } from './item-rules.js';
import { defaultLimit, limitRespected, minimumLimitAccepted } from './limit.js';
import { linkedSessionExists } from './links.js';
import { listedBetweenReads } from './presence.js';
import { namedObjectEarlier, oneValuePerSession } from './relations.js';
import { noUndocumentedFields, responseSchema } from './schema.js';
import { itemsBelongToSession } from './session.js';
import { contentType, jsonRpcResponse, notAServerError, statusCode } from './status.js';
import {
  countersNeverDecrease,
  creationSnapshotFixed,
  finalContentFixed,
  immutableFields,
  lifecycleForward,
  nothingGrowsWhileStopped,
  pastEventsFixed,
  timesNeverGoBack,
} from './timeline.js';
import { timesInOrder } from './times.js';
import { presentTogether } from './together.js';
import { totalCountsTheList } from './total.js';
import type { ErrorExpectation, Exchange, Judgement, Law, LawScope, Subjects, Walk } from './types.js';
import { listOrder, noDuplicatesAcrossPages, pagingSkipsNothing, pagingTerminates } from './walk.js';

const transport = defineLaw({
  id: (op) => `${op.api}.transport`,
  appliesTo: everyOperation,
  statement: 'Every request gets a complete HTTP response within the timeout.',
  source: (op) => ({ file: contractOfOperation(op).specFile, sentence: `documented responses of ${op.operationId}` }),
  unexercised: 'no request was sent',
  check: {
    transport: ({ failure }, { law }) => ({
      judged: 1,
      violations: failure ? [{ law: law.id, instancePath: '', message: failure.message, source: law.source }] : [],
    }),
  },
});

/** Every law definition, in the order the catalogue lists an operation's laws (reports and docs/laws.md follow it). */
const DEFINITIONS: readonly LawDefinition[] = [
  notAServerError,
  statusCode,
  contentType,
  jsonRpcResponse,
  responseSchema,
  itemRuleLaws,
  envelopeRuleLaws,
  timesInOrder,
  limitRespected,
  minimumLimitAccepted,
  defaultLimit,
  noUndocumentedFields,
  idsUnique,
  idsStable,
  listedBetweenReads,
  nestedIdsUnique,
  presentTogether,
  absentUnlessAsked,
  boundedByParam,
  itemsBelongToSession,
  linkedSessionExists,
  filterLaws,
  listOrder,
  noDuplicatesAcrossPages,
  pagingTerminates,
  pagingSkipsNothing,
  totalCountsTheList,
  namedObjectEarlier,
  oneValuePerSession,
  headerRefusalLaws,
  refusalLaws,
  malformedCursorRejected,
  cursorBoundToQuery,
  unknownSession404,
  errorFormat,
  cursorExclusive,
  lifecycleForward,
  immutableFields,
  pastEventsFixed,
  countersNeverDecrease,
  creationSnapshotFixed,
  finalContentFixed,
  nothingGrowsWhileStopped,
  stableIdsFixed,
  timesNeverGoBack,
  transport,
];

/** Instantiated once per operation, on first use: an operation added at run time gets its laws the same way. */
const byOperation = new WeakMap<ListOperation, readonly Law[]>();

/** Every law of one operation (item rules included): every definition that applies to it. */
export function lawsOf(op: ListOperation): readonly Law[] {
  let laws = byOperation.get(op);
  if (!laws) byOperation.set(op, (laws = DEFINITIONS.flatMap((definition) => definition.instantiate(op))));
  return laws;
}

/** Every law of a set once (a law two operations share, such as `praxis.response-schema`, is listed with the first). */
export function allLaws(apis: ApiSet): readonly Law[] {
  return apis.derive('laws', () => [
    ...new Map(
      allOperations(apis)
        .flatMap(lawsOf)
        .map((law) => [law.id, law] as const),
    ).values(),
  ]);
}

export interface LawJudgement {
  law: Law;
  judgement: Judgement;
}

/**
 * Applies every law of the operation that judges this scope to one subject. A check that
 * throws is a violation of that law, never a crashed run.
 */
export function applyLaws<S extends LawScope>(op: ListOperation, scope: S, subject: Subjects[S]): LawJudgement[] {
  const out: LawJudgement[] = [];
  for (const law of lawsOf(op)) {
    const check = law.checks[scope] as ((s: Subjects[S]) => Judgement) | undefined;
    if (!check) continue;
    let judgement: Judgement;
    try {
      judgement = check(subject);
    } catch (error) {
      judgement = {
        judged: 1,
        violations: [
          {
            law: law.id,
            instancePath: '',
            message: `the check of ${law.id} failed on this ${scope}: ${String(error)}`,
            source: law.source,
          },
        ],
      };
    }
    out.push({ law, judgement });
  }
  return out;
}

const violationsOf = (outcomes: readonly LawJudgement[]): Violation[] =>
  outcomes.flatMap((o) => o.judgement.violations);

/** Every page law on one answer to a valid request. */
export function checkListPage(
  op: ListOperation,
  exchange: Exchange,
  context: { sessionId?: string } = {},
): Violation[] {
  return violationsOf(applyLaws(op, 'page', { exchange, ...optional('session', context.sessionId) }));
}

/** Every walk law on the pages of one query. */
export function checkWalk(op: ListOperation, walk: Walk): Violation[] {
  return violationsOf(applyLaws(op, 'walk', { walk }));
}

/** Every error law on the answer to a request that must be refused. */
export function checkErrorResponse(op: ListOperation, exchange: Exchange, expected: ErrorExpectation): Violation[] {
  return violationsOf(applyLaws(op, 'error', { exchange, expected }));
}

/** Successive observations of one list, keyed by item id. */
export type Snapshot = ReadonlyMap<string, JsonObject>;

/** Every law over time on the objects both observations hold. */
export function checkTimeline(op: ListOperation, before: Snapshot, after: Snapshot): Violation[] {
  const out: Violation[] = [];
  for (const [id, next] of after) {
    const prev = before.get(id);
    if (prev) out.push(...violationsOf(applyLaws(op, 'observation', { id, before: prev, after: next })));
  }
  return out;
}
