/**
 * The catalogue: every law of every operation, as data with a check per scope it judges. The
 * conformance runner applies the catalogue to what it observed, and reports coverage from it;
 * docs/rules.md is rendered from it.
 */
import { SPEC_FILES } from '../faces.js';
import { type ListOperation, OPERATIONS } from '../operations.js';
import type { JsonObject } from '../rules/types.js';
import type { Violation } from '../violation.js';
import { cursorLaws, errorLaws } from './errors.js';
import { filterLaws } from './filters.js';
import { pageLaws } from './page.js';
import { relationLaws } from './relations.js';
import { timelineLaws } from './timeline.js';
import type { ErrorExpectation, Exchange, Judgement, Law, LawScope, Subjects, Walk } from './types.js';
import { walkLaws } from './walk.js';

function transportLaw(op: ListOperation): Law {
  const law: Law = {
    id: `${op.face}.transport`,
    face: op.face,
    operationId: op.operationId,
    statement: 'Every request gets a complete HTTP response within the timeout.',
    source: { file: SPEC_FILES[op.face], sentence: `documented responses of ${op.operationId}` },
    unexercised: 'no request was sent',
    checks: {},
  };
  law.checks.transport = ({ failure }) => ({
    judged: 1,
    violations: failure ? [{ rule: law.id, instancePath: '', message: failure.message, source: law.source }] : [],
  });
  return law;
}

const FACTORIES = [
  pageLaws,
  filterLaws,
  walkLaws,
  relationLaws,
  errorLaws,
  cursorLaws,
  timelineLaws,
  (op: ListOperation) => [transportLaw(op)],
];

const byOperation = new Map<ListOperation, readonly Law[]>(
  OPERATIONS.map((op) => [op, FACTORIES.flatMap((make) => make(op))]),
);

/** Every law of one operation (item rules included). */
export function lawsOf(op: ListOperation): readonly Law[] {
  return byOperation.get(op) ?? FACTORIES.flatMap((make) => make(op));
}

/** Every law once (a law two operations share, such as `praxis.response-schema`, is listed with the first). */
export const ALL_LAWS: readonly Law[] = [
  ...new Map([...byOperation.values()].flat().map((law) => [law.id, law] as const)).values(),
];

export interface LawOutcome {
  law: Law;
  judgement: Judgement;
}

/**
 * Applies every law of the operation that judges this scope to one subject. A check that
 * throws is a violation of that law, never a crashed run.
 */
export function applyLaws<S extends LawScope>(op: ListOperation, scope: S, subject: Subjects[S]): LawOutcome[] {
  const out: LawOutcome[] = [];
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
            rule: law.id,
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

const violationsOf = (outcomes: readonly LawOutcome[]): Violation[] => outcomes.flatMap((o) => o.judgement.violations);

/** Every page law on one answer to a valid request. */
export function checkListPage(
  op: ListOperation,
  exchange: Exchange,
  context: { sessionId?: string } = {},
): Violation[] {
  return violationsOf(
    applyLaws(op, 'page', { exchange, ...(context.sessionId !== undefined ? { session: context.sessionId } : {}) }),
  );
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
