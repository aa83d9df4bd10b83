/**
 * What a run saw, beside what it judged: drift (fields and values the spec does not declare),
 * new values of open fields, and coverage of the contract (parameters sent and with which kind
 * of value, enumerated values and states seen, lifecycle transitions observed, documented error
 * answers provoked, laws judged).
 */

import { apisOf } from '../contract/api-set.js';
import { DriftTally, observeBody } from '../contract/drift.js';
import type { Exchange } from '../contract/laws/index.js';
import type { ListOperation } from '../contract/operations.js';
import { documentedStatuses, findOperation } from '../contract/schema.js';
import { sessionParamOf } from '../contract/session-param.js';
import type { Coverage, CoverageOperation, DriftEntry, LawOutcome, NewValue } from './types.js';

export type ValueKind = 'valid' | 'edge' | 'invalid';

/** A lifecycle transition as coverage names it, seen or documented alike, so that the two compare. */
const transition = (from: string, to: string) => `${from} → ${to}`;

interface OperationSeen {
  params: Map<string, Set<ValueKind>>;
  statuses: Set<number>;
  values: Map<string, { declared: readonly string[]; seen: Set<string> }>;
  transitions: Set<string>;
  combinations?: Planned;
  /** Filter values walked to the end with no other parameter, by filter. */
  alone: Map<string, Set<string>>;
  /** Limits walked to the end beside a value of a filter, by filter. */
  limits: Map<string, Set<number>>;
  /** The list's length and the positions after which a walk to the end asked for the next page. */
  cursors?: { length: number; used: Set<number> };
}

type Planned = Pick<NonNullable<CoverageOperation['combinations']>, 'parameters' | 'rows' | 'pairs'>;

export class Observations {
  private readonly seen = new Map<string, OperationSeen>();
  private readonly tally = new DriftTally();

  constructor(private readonly ops: readonly ListOperation[]) {}

  private of(op: ListOperation): OperationSeen {
    let entry = this.seen.get(op.operationId);
    if (!entry)
      this.seen.set(
        op.operationId,
        (entry = {
          params: new Map(),
          statuses: new Set(),
          values: new Map(),
          transitions: new Set(),
          alone: new Map(),
          limits: new Map(),
        }),
      );
    return entry;
  }

  /** One request and its answer: the parameters it sent (and how), its status, what its body carried. */
  exchange(
    op: ListOperation,
    query: ReadonlyArray<readonly [string, string]>,
    kind: ValueKind,
    pathSession: string | undefined,
    exchange: Exchange | undefined,
  ): void {
    const entry = this.of(op);
    const mark = (name: string) => {
      let kinds = entry.params.get(name);
      if (!kinds) entry.params.set(name, (kinds = new Set()));
      kinds.add(kind);
    };
    for (const [name] of query) mark(name);
    const param = sessionParamOf(op);
    if (pathSession !== undefined && param !== undefined) mark(param);
    if (!exchange) return;
    entry.statuses.add(exchange.status);
    if (exchange.body === undefined) return;
    const seen = observeBody(op.api, op.operationId, exchange.status, exchange.body, apisOf(op));
    this.tally.add(op.operationId, seen);
    for (const v of seen.enumValues) {
      let values = entry.values.get(v.path);
      if (!values) entry.values.set(v.path, (values = { declared: v.declared, seen: new Set() }));
      values.seen.add(v.value);
    }
  }

  /** The covering array one operation's combinations were walked with. */
  combinations(op: ListOperation, sent: Planned): void {
    this.of(op).combinations = sent;
  }

  /** One combination walked to its end: its filters' values and its limit, if it sent one. */
  combinationWalked(op: ListOperation, filters: readonly (readonly [string, string])[], limit?: number): void {
    const entry = this.of(op);
    const add = <T>(map: Map<string, Set<T>>, key: string, value: T) => {
      let values = map.get(key);
      if (!values) map.set(key, (values = new Set()));
      values.add(value);
    };
    if (filters.length === 1 && limit === undefined) add(entry.alone, filters[0]![0], filters[0]![1]);
    if (limit !== undefined) for (const [param] of filters) add(entry.limits, param, limit);
  }

  /** Positions (1 to length − 1) after which a walk to the end of the list asked for the next page. */
  cursors(op: ListOperation, length: number, used: readonly number[]): void {
    const entry = this.of(op);
    // Positions of one list: the first length reported (another case's list may have grown since).
    entry.cursors ??= { length, used: new Set() };
    for (const position of used) if (position < entry.cursors.length) entry.cursors.used.add(position);
  }

  transition(op: ListOperation, from: string, to: string): void {
    this.of(op).transitions.add(transition(from, to));
  }

  driftEntries(): DriftEntry[] {
    return this.tally.driftEntries();
  }

  newValues(): NewValue[] {
    return this.tally.newValues();
  }

  coverage(laws: readonly LawOutcome[]): Coverage {
    const operations: CoverageOperation[] = this.ops.map((op) => {
      const entry = this.of(op);
      const documentedParams = (findOperation(op.api, op.operationId, apisOf(op)).operation.parameters ?? [])
        .filter((p) => p.in === 'query' || p.in === 'path')
        .map((p) => p.name);
      const sent = Object.fromEntries(
        documentedParams.filter((p) => entry.params.has(p)).map((p) => [p, [...entry.params.get(p)!].sort()]),
      );
      const values = [...entry.values.entries()].map(([path, v]) => ({
        path,
        documented: [...v.declared],
        seen: [...v.seen].filter((s) => v.declared.includes(s)).sort(),
        missing: v.declared.filter((d) => !v.seen.has(d)),
      }));
      const statePath = op.stateField ? `${op.itemsPointer}/*${op.stateField}` : undefined;
      const states = op.lifecycle
        ? {
            documented: [...op.lifecycle.states],
            seen: op.lifecycle.states.filter((s) => entry.values.get(statePath!)?.seen.has(s)),
            missing: op.lifecycle.states.filter((s) => !entry.values.get(statePath!)?.seen.has(s)),
          }
        : undefined;
      const documentedTransitions = op.lifecycle
        ? Object.entries(op.lifecycle.transitions).flatMap(([from, tos]) =>
            (tos ?? []).map((to) => transition(from, to)),
          )
        : [];
      const errors = documentedStatuses(op.api, op.operationId, apisOf(op)).filter((s) => s !== 200);
      return {
        operationId: op.operationId,
        parameters: { documented: documentedParams, sent, missing: documentedParams.filter((p) => !(p in sent)) },
        values,
        ...(states ? { states } : {}),
        ...(entry.combinations ? { combinations: { ...entry.combinations, ...walkedCombinations(entry) } } : {}),
        ...(entry.cursors ? { cursors: { length: entry.cursors.length, used: entry.cursors.used.size } } : {}),
        transitions: {
          documented: documentedTransitions,
          seen: documentedTransitions.filter((t) => entry.transitions.has(t)),
          missing: documentedTransitions.filter((t) => !entry.transitions.has(t)),
        },
        errors: {
          documented: errors,
          provoked: errors.filter((s) => entry.statuses.has(s)),
          missing: errors.filter((s) => !entry.statuses.has(s)),
        },
      };
    });
    return summarizeCoverage(operations, laws);
  }
}

/** What the combinations walked to the end: each filter's values alone, and the limits beside each filter. */
function walkedCombinations(
  entry: OperationSeen,
): Pick<NonNullable<CoverageOperation['combinations']>, 'alone' | 'limits'> {
  const sorted = <T>(map: Map<string, Set<T>>, order: (a: T, b: T) => number) =>
    Object.fromEntries([...map].map(([param, values]) => [param, [...values].sort(order)]));
  return {
    alone: sorted(entry.alone, (a, b) => a.localeCompare(b)),
    limits: sorted(entry.limits, (a, b) => a - b),
  };
}

/** Coverage of the operations (what was sent and seen) and laws: the shares and the score. */
export function summarizeCoverage(operations: CoverageOperation[], laws: readonly LawOutcome[]): Coverage {
  const share = (part: number, whole: number) => (whole === 0 ? 100 : Math.round((part / whole) * 1000) / 10);
  const params = operations.reduce(
    (n, o) => [n[0]! + Object.keys(o.parameters.sent).length, n[1]! + o.parameters.documented.length],
    [0, 0],
  );
  const states = operations.reduce(
    (n, o) => [n[0]! + (o.states?.seen.length ?? 0), n[1]! + (o.states?.documented.length ?? 0)],
    [0, 0],
  );
  const judged = laws.filter((r) => r.outcome !== 'not-exercised');
  const percent = {
    parameters: share(params[0]!, params[1]!),
    states: share(states[0]!, states[1]!),
    laws: share(judged.length, laws.length),
  };
  return {
    operations,
    laws: {
      total: laws.length,
      judged: judged.length,
      missing: laws.filter((r) => r.outcome === 'not-exercised').map((r) => r.id),
    },
    percent,
    score: Math.round(((percent.parameters + percent.states + percent.laws) / 3) * 10) / 10,
  };
}
