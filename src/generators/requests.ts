/**
 * Query parameters for every list operation: valid ones, and invalid or unsupported ones each
 * labelled with the response the documents prescribe.
 */
import fc from 'fast-check';
import { filterValues, sentAsValid } from '../contract/filter-values.js';
import type { FilterParam, ListOperation } from '../contract/operations.js';

export type Query = [string, string][];

export type Expectation = { kind: 'ok' } | { kind: 'error'; law: string; status: number | '4xx'; errorType?: string };

export interface RequestCase {
  query: Query;
  expect: Expectation;
}

/** Values to draw filter values from, by parameter name (e.g. ids seen in a first walk). */
export type ValuePools = Record<string, readonly string[]>;

/** Times no listed object is likely to hold, before every one and after every one (a time filter's unseen values). */
const UNSEEN_TIMES = ['2000-01-01T00:00:00Z', '2100-01-01T00:00:00Z'];

function filterValue(op: ListOperation, filter: FilterParam, pools: ValuePools): fc.Arbitrary<string> {
  const { param, field, commaSeparated = false } = filter;
  const documented = filterValues(op, { param, field });
  const known = [...new Set([...(pools[param] ?? []), ...documented])].filter((v) => sentAsValid(op, filter, v));
  // A time filter is sent times alone: any other text is no time, which a server refuses.
  const unseen = fc.constantFrom(...(filter.compare ? UNSEEN_TIMES : ['no-such-value', 'zz_unmatched']));
  if (known.length === 0) return unseen;
  // A value outside a documented enum may be refused rather than match nothing: never send one as "valid".
  const single =
    documented.length > 0
      ? fc.constantFrom(...known)
      : fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 5 }, { arbitrary: unseen, weight: 1 });
  if (!commaSeparated) return single;
  return fc.oneof(
    single,
    fc
      .uniqueArray(fc.constantFrom(...known), { minLength: 2, maxLength: Math.max(2, Math.min(3, known.length)) })
      .map((v) => v.join(',')),
  );
}

/** The largest limit a request case sends as valid (no document bounds the limit: larger ones may be refused). */
export const CASE_LIMIT = 25;

/** Valid queries for the operation (paging parameters are the walker's business, not these). */
function validQuery(op: ListOperation, pools: ValuePools = {}): fc.Arbitrary<Query> {
  const parts: fc.Arbitrary<Query>[] = [];
  if (op.limit) {
    const lo = Math.max(1, op.limit.minimum ?? 1);
    parts.push(
      fc
        .option(
          fc.integer({ min: lo, max: CASE_LIMIT }).map((n): Query => [[op.limit!.param, String(n)]]),
          { nil: [] as Query, freq: 2 },
        )
        .map((q) => q ?? []),
    );
  }
  // A parameter that bounds an array member (historyLength) is sent with small whole numbers, 0 among them.
  for (const bounded of op.boundedMembers ?? [])
    parts.push(
      fc
        .option(
          fc.integer({ min: 0, max: 3 }).map((n): Query => [[bounded.param, String(n)]]),
          { nil: [] as Query, freq: 3 },
        )
        .map((q) => q ?? []),
    );
  // A parameter that asks for a member (includeArtifacts=true) is sent too: the answers that carry the member are
  // judged by the schema like any other.
  for (const asked of op.askedMembers ?? [])
    parts.push(
      fc.option(fc.constant<Query>([[asked.param, asked.value]]), { nil: [] as Query, freq: 3 }).map((q) => q ?? []),
    );
  for (const filter of op.filters) {
    parts.push(
      fc
        .option(
          filterValue(op, filter, pools).map((v): Query => [[filter.param, v]]),
          { nil: [] as Query, freq: 2 },
        )
        .map((q) => q ?? []),
    );
  }
  if (parts.length === 0) return fc.constant([]);
  return fc.tuple(...parts).map((chunks) => chunks.flat());
}

/** Requests the documents say must be refused, each with its prescribed response. */
function rejectedRequest(op: ListOperation, pools: ValuePools = {}): fc.Arbitrary<RequestCase> | undefined {
  if (op.rejected.length === 0) return undefined;
  const cases = op.rejected.flatMap((r) =>
    r.values.map(
      (value): RequestCase => ({
        query: [[r.param, value]],
        expect: { kind: 'error', law: `${op.lawPrefix}.${r.law}`, status: r.status, errorType: r.errorType },
      }),
    ),
  );
  return fc.tuple(fc.constantFrom(...cases), validQuery(op, pools)).map(([bad, valid]) => ({
    // The refused parameter alone decides the answer, whatever valid parameters come with it.
    query: [...valid.filter(([k]) => k !== bad.query[0]![0]), ...bad.query],
    expect: bad.expect,
  }));
}

/** Any request: mostly valid, some refused. */
export function requestCase(op: ListOperation, pools: ValuePools = {}): fc.Arbitrary<RequestCase> {
  const valid = validQuery(op, pools).map((query): RequestCase => ({ query, expect: { kind: 'ok' } }));
  const rejected = rejectedRequest(op, pools);
  return rejected ? fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: rejected, weight: 1 }) : valid;
}
