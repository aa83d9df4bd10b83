/**
 * Values no document refuses, but a server may: a limit that is no number or below 1, a value of
 * an enumerated filter that is none of its values. Whether such a value is refused is the
 * server's choice (the documents are silent), so an answer is not judged; a refusal is, by the
 * API's error format, which every document states for all its errors ("错误按 Anthropic 错误格式返回",
 * FastAPI's 422 `detail`): only the refusals a document names were held to it before. They are also
 * sent all together once, beside a documented refusal of each parameter that has one.
 */

import { filterValues } from '../../contract/filter-values.js';
import { lawId } from '../../contract/laws/index.js';
import type { ListOperation } from '../../contract/operations.js';
import type { Query } from '../../http/paging.js';
import type { Case } from '../cases.js';
import { fixedQuery, type RunContext } from '../context.js';

/** A value outside every documented set, and a number no page size can be. */
const NOT_A_STATE = 'not-a-documented-value';
const NOT_LIMITS = ['abc', '-1'];

export function refusalFormatCases(ctx: RunContext, op: ListOperation, session: string | undefined): Case<void>[] {
  if (op.errorFormat === 'unspecified') return [];
  const documented = new Set(op.rejected.map((r) => r.param));
  const fixed = fixedQuery(ctx, op);
  const queries: Query[] = [];
  if (op.limit && !documented.has(op.limit.param))
    for (const value of NOT_LIMITS) queries.push([...fixed, [op.limit.param, value]]);
  for (const filter of op.filters) {
    if (documented.has(filter.param) || fixed.some(([k]) => k === filter.param)) continue;
    if (filterValues(op, filter).length > 0) queries.push([...fixed, [filter.param, NOT_A_STATE]]);
  }
  // All of them at once, with a documented refusal of each parameter (one value each): a server
  // listing several problems still writes its format.
  const together = new Map<string, string>();
  for (const rejected of op.rejected)
    if (!fixed.some(([k]) => k === rejected.param)) together.set(rejected.param, rejected.values[0]!);
  for (const query of queries) {
    const [param, value] = query[query.length - 1]!;
    if (!together.has(param)) together.set(param, value);
  }
  if (together.size > 1) queries.push([...fixed, ...together]);
  return queries.map((query) => ({ run: (scope) => judgeIfRefused(scope, op, session, query) }));
}

async function judgeIfRefused(ctx: RunContext, op: ListOperation, session: string | undefined, query: Query) {
  const { url, exchange } = await ctx.transport.send(op, session, query, 'invalid');
  // 429 is the rate limit the client honours, not an answer to the value.
  if (!exchange || exchange.status < 400 || exchange.status >= 500 || exchange.status === 429) return;
  const expected = { law: lawId(op, 'error-format'), status: exchange.status };
  ctx.ledger.judge(op, 'error', { exchange, expected }, url);
}
