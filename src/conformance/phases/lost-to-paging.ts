/**
 * One bug under the law it breaks: a task a filtered walk leaves out, or lists though the unfiltered
 * walk does not, is the filter's only if paging did not lose it. Each list walked again at other
 * page sizes shows which: a task one of them lists that the first walk of that list did not was lost
 * to paging, and is judged so (paging-skips-nothing, on the two walks of the list), not as the filter.
 * First at a size past the list's length, where no page ends inside the list: a server that loses a task
 * at each page's end may lose the same one at any other size. Then, where that does not explain every
 * finding (a server may refuse so large a page, or document a smaller maximum), at the largest size a
 * request case sends.
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
 * Walks the filtered and the unfiltered list at other page sizes; `findingsWith` judges a filtered
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
  // Each list as its first walk read it (the versions the findings were judged on, which a task that changed
  // since must not replace), and the tasks only a walk at another size listed.
  const listed = new Map(
    [reads.filtered, reads.unfiltered].map((read) => [
      read,
      new Map(itemsOfWalk(op, read.walk).map((i) => [idOf(op, i), i])),
    ]),
  );
  const resized: Resized[] = [];
  let left = new Set(findings);
  for (const size of otherSizes(op, itemsOfWalk(op, reads.unfiltered.walk).length + PAST_THE_END)) {
    for (const read of [reads.filtered, reads.unfiltered]) {
      const other = atSize(op, read.query, size);
      if (!other) continue;
      const walked = await walkOf(read, other.query);
      // A size no document bounds may be refused: then that walk shows nothing.
      if (!walked.complete) continue;
      resized.push({ read, other, walked });
      const known = listed.get(read)!;
      for (const item of itemsOfWalk(op, walked)) if (!known.has(idOf(op, item))) known.set(idOf(op, item), item);
    }
    const still = findingsWith([...listed.get(reads.filtered)!.values()], [...listed.get(reads.unfiltered)!.values()]);
    left = new Set([...findings].filter((finding) => still.has(finding)));
    // Explained at the first size: the next (a fallback for a server that refuses the first) is not walked.
    if (left.size === 0) break;
  }
  if (left.size === findings.size) return none;
  // Tasks come and go between walks: paging is reported where fresh walks at both sizes repeat it.
  const paging = [];
  const again = new Map<ListRead, WalkResult>();
  for (const { read, other, walked } of resized) {
    const sizes = other.labels;
    const outcomes = ctx.ledger.evaluate(op, 'resized', { walks: [read.walk, walked], sizes });
    if (outcomes.every((o) => o.judgement.violations.length === 0)) continue;
    const first = again.get(read) ?? (await walkOf(read, read.query));
    again.set(read, first);
    const otherAgain = await walkOf(read, other.query);
    if (!first.complete || !otherAgain.complete) continue;
    const fresh = ctx.ledger.evaluate(op, 'resized', { walks: [first, otherAgain], sizes });
    paging.push({
      outcomes: repeatedFindings(op, [read.walk, outcomes], [first, fresh], [walked, otherAgain]),
      urls: [...read.walk.urls, ...walked.urls],
    });
  }
  const explained = findings.size - left.size;
  if (!paging.some((pair) => pair.outcomes.some((o) => o.judgement.violations.length > 0)))
    ctx.ledger.note(
      `${op.operationId}: ${explained} filter finding(s) of ${queryText(reads.filtered.query)} are listed at another ` +
        'page size, so paging lost them, but fresh walks did not lose them again: neither law reports them',
    );
  return { left, paging };
}

/** A list walked again at another page size, beside the read it explains. */
interface Resized {
  read: ListRead;
  other: { query: Query; labels: readonly [string, string] };
  walked: WalkResult;
}

/**
 * The other page sizes, in the order they are tried: past the list's length (`pastTheEnd`: no page ends
 * inside it), then the largest a request case sends, for a server that refuses so large a page; neither
 * past a documented maximum.
 */
function otherSizes(op: ListOperation, pastTheEnd: number): number[] {
  const maximum = op.limit?.maximum ?? Number.POSITIVE_INFINITY;
  return [...new Set([pastTheEnd, CASE_LIMIT].map((size) => Math.min(size, maximum)))];
}

/** The query at `size` a page (one less where it asks that already), with the labels of both sizes. */
function atSize(op: ListOperation, query: Query, size: number): Resized['other'] | undefined {
  const limit = op.limit;
  if (op.paging.kind === 'none' || !limit) return undefined;
  const sent = query.find(([param]) => param === limit.param)?.[1];
  const other = size === (sent === undefined ? limit.default : Number(sent)) ? size - 1 : size;
  return {
    query: [...query.filter(([param]) => param !== limit.param), [limit.param, String(other)]],
    labels: [sent === undefined ? `no ${limit.param}` : `${limit.param}=${sent}`, `${limit.param}=${other}`],
  };
}

const queryText = (query: Query) => query.map(([k, v]) => `${k}=${v}`).join('&') || 'the list';
