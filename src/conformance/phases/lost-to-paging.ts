/**
 * One bug under the law it breaks: a task a filtered walk leaves out, or lists though the unfiltered
 * walk does not, is the filter's only if paging did not lose it. Each list walked again at other
 * page sizes shows which: a task one of them lists that the first walk of that list did not was lost
 * to paging, and is judged so (paging-skips-nothing, on the two walks of the list), not as the filter.
 * Two sizes, because a server that loses a task at each page's end may lose the same task at one
 * other size by chance: a page past the list's length (no page ends inside it) and the largest a
 * request case sends (for a server that refuses or caps so large a page).
 */
import type { LawJudgement } from '../../contract/laws/index.js';
import { idOf, type ListOperation } from '../../contract/operations.js';
import type { JsonObject } from '../../contract/rules/types.js';
import { CASE_LIMIT } from '../../generators/requests.js';
import type { Query } from '../../http/paging.js';
import type { RunContext } from '../context.js';
import { itemsOfWalk, type WalkResult, walk } from '../walker.js';
import { PAST_THE_END, repeatedFindings } from './page-sizes.js';

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
  const onePage = itemsOfWalk(op, reads.unfiltered.walk).length + PAST_THE_END;
  const resized = async (read: ListRead) => {
    const walks: Resized[] = [];
    for (const other of otherPageSizes(op, read.query, onePage)) {
      // A size no document bounds may be refused (then that walk shows nothing).
      const walked = await walkOf(read, other.query);
      if (walked.complete) walks.push({ read, other, walked });
    }
    return walks;
  };
  const filtered = await resized(reads.filtered);
  const unfiltered = await resized(reads.unfiltered);
  const listed = (read: ListRead, again: readonly Resized[]) => [
    ...new Map(
      [...itemsOfWalk(op, read.walk), ...again.flatMap((a) => itemsOfWalk(op, a.walked))].map((i) => [idOf(op, i), i]),
    ).values(),
  ];
  const still = findingsWith(listed(reads.filtered, filtered), listed(reads.unfiltered, unfiltered));
  const left = new Set([...findings].filter((finding) => still.has(finding)));
  if (left.size === findings.size) return none;
  // Tasks come and go between walks: paging is reported where fresh walks at both sizes repeat it.
  const paging = [];
  for (const pair of [...filtered, ...unfiltered]) {
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

/** A list walked again at another page size, beside the read it explains. */
interface Resized {
  read: ListRead;
  other: { query: Query; labels: readonly [string, string] };
  walked: WalkResult;
}

/**
 * The query at other page sizes, whose pages end at other tasks: `onePage` (past the list's length, or
 * the documented maximum) and the largest a request case sends, each but the size the query asks already
 * (one less then); with the labels of both.
 */
function otherPageSizes(op: ListOperation, query: Query, onePage: number): Resized['other'][] {
  const limit = op.limit;
  if (op.paging.kind === 'none' || !limit) return [];
  const sent = query.find(([param]) => param === limit.param)?.[1];
  const size = sent === undefined ? limit.default : Number(sent);
  // Nothing past a documented maximum, which the server may refuse.
  const largest = Math.min(onePage, limit.maximum ?? onePage);
  const sizes = [...new Set([largest, CASE_LIMIT].map((other) => (other === size ? other - 1 : other)))];
  return sizes.map((other) => ({
    query: [...query.filter(([param]) => param !== limit.param), [limit.param, String(other)]],
    labels: [sent === undefined ? `no ${limit.param}` : `${limit.param}=${sent}`, `${limit.param}=${other}`],
  }));
}
