/**
 * One bug under the law it breaks: a task a filtered walk leaves out, or lists though the unfiltered
 * walk does not, is the filter's only if paging did not lose it. Each list walked again at another
 * page size shows which: a task it lists that the first walk of that list did not was lost to
 * paging, and is judged so (paging-skips-nothing, on the two walks of the list), not as the filter.
 */
import type { LawJudgement } from '../../contract/laws/index.js';
import { idOf, type ListOperation } from '../../contract/operations.js';
import type { JsonObject } from '../../contract/rules/types.js';
import { CASE_LIMIT } from '../../generators/requests.js';
import type { Query } from '../../http/paging.js';
import type { RunContext } from '../context.js';
import { itemsOfWalk, type WalkResult, walk } from '../walker.js';
import { repeatedFindings } from './page-sizes.js';

/** A list as the comparison read it: its query, its walk, and how many pages a walk of it may take. */
export interface ListRead {
  query: Query;
  walk: WalkResult;
  maxPages: number;
}

export interface PagingExplained {
  /** The filter findings paging does not explain. */
  left: Set<string>;
  /** What two walks of one list at two page sizes show as paging (fresh walks repeating it), with their requests. */
  paging: { outcomes: LawJudgement[]; urls: string[] }[];
}

/**
 * Walks the filtered and the unfiltered list at another page size; `findingsWith` judges a filtered
 * list beside an unfiltered one as `findings` were judged (keys: the messages).
 */
export async function lostToPaging(
  ctx: RunContext,
  op: ListOperation,
  session: string | undefined,
  reads: { filtered: ListRead; unfiltered: ListRead },
  findings: ReadonlySet<string>,
  findingsWith: (filtered: JsonObject[], unfiltered: JsonObject[]) => ReadonlySet<string>,
): Promise<PagingExplained> {
  const none = { left: new Set(findings), paging: [] };
  const walkOf = async (read: ListRead, query: Query) =>
    (await walk(ctx, op, session, query, { maxPages: read.maxPages, record: 'none' })).walk;
  const resized = async (read: ListRead) => {
    const other = otherPageSize(op, read.query);
    if (!other) return undefined;
    const walked = await walkOf(read, other.query);
    return walked.complete ? { read, other, walked } : undefined;
  };
  const filtered = await resized(reads.filtered);
  const unfiltered = await resized(reads.unfiltered);
  const listed = (read: ListRead, again: { walked: WalkResult } | undefined) => [
    ...new Map(
      [...itemsOfWalk(op, read.walk), ...(again ? itemsOfWalk(op, again.walked) : [])].map((i) => [idOf(op, i), i]),
    ).values(),
  ];
  const still = findingsWith(listed(reads.filtered, filtered), listed(reads.unfiltered, unfiltered));
  const left = new Set([...findings].filter((finding) => still.has(finding)));
  if (left.size === findings.size) return none;
  // Tasks come and go between walks: paging is reported where fresh walks at both sizes repeat it.
  const paging = [];
  for (const pair of [filtered, unfiltered]) {
    if (!pair) continue;
    const { read, other, walked } = pair;
    const sizes = other.labels;
    const outcomes = ctx.ledger.evaluate(op, 'resized', { walks: [read.walk, walked], sizes });
    if (outcomes.every((o) => o.judgement.violations.length === 0)) continue;
    const [again, otherAgain] = [await walkOf(read, read.query), await walkOf(read, other.query)];
    if (!again.complete || !otherAgain.complete) continue;
    const fresh = ctx.ledger.evaluate(op, 'resized', { walks: [again, otherAgain], sizes });
    paging.push({
      outcomes: repeatedFindings(op, [read.walk, outcomes], [again, fresh]),
      urls: [...read.walk.urls, ...walked.urls],
    });
  }
  return { left, paging };
}

/**
 * The query at another page size, whose pages end at other tasks: the largest a request case sends
 * (one page holds a list that short), or one less where the query asks that already; with the labels of both.
 */
function otherPageSize(
  op: ListOperation,
  query: Query,
): { query: Query; labels: readonly [string, string] } | undefined {
  const limit = op.limit;
  if (op.paging.kind === 'none' || !limit) return undefined;
  const sent = query.find(([param]) => param === limit.param)?.[1];
  const size = sent === undefined ? limit.default : Number(sent);
  const other = size === CASE_LIMIT ? CASE_LIMIT - 1 : CASE_LIMIT;
  return {
    query: [...query.filter(([param]) => param !== limit.param), [limit.param, String(other)]],
    labels: [sent === undefined ? `no ${limit.param}` : `${limit.param}=${sent}`, `${limit.param}=${other}`],
  };
}
