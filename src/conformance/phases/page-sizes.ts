/**
 * One list walked to its end at page sizes beside the default: about a third of the list (so the
 * walk has a few pages), and past the list's length (one page would hold it all, even grown a
 * little: a server that caps the page below that must offer a next cursor, or what it leaves out
 * is lost). Whatever the order, each must give the items of the default walk; what one lists and
 * the other does not is reported once fresh walks repeat it, with the requests of both walks' pages
 * that show it. The default walk and the third are also two whole reads of the list, judged as such
 * (an object keeps its id).
 */
import type { ListOperation } from '../../contract/operations.js';
import { MAX_PAGES, type Query } from '../../http/paging.js';
import { fixedQuery, type RunContext } from '../context.js';
import { itemsOfWalk, type WalkResult, walk } from '../walker.js';
import { judgeReread } from './over-time.js';

/** How far past the list's length the long-limit walks ask. */
export const PAST_THE_END = 25;

export async function pageSizesProbe(ctx: RunContext, op: ListOperation, session: string | undefined): Promise<void> {
  if (op.paging.kind === 'none' || !op.limit) return;
  const fixed = fixedQuery(ctx, op);
  const whole = await walk(ctx, op, session, fixed, { maxPages: MAX_PAGES });
  const wholeAt = performance.now();
  const length = itemsOfWalk(op, whole.walk).length;
  if (!whole.walk.complete || length < 2) return;
  const firstPage = itemsOfWalk(op, { ...whole.walk, pages: whole.walk.pages.slice(0, 1) }).length;
  let third = Math.ceil(length / 3);
  if (third === firstPage) third++;
  const small = await resizedWalk(ctx, op, session, fixed, whole.walk, third);
  // Two whole reads of one list, whatever their page sizes: an object keeps its id between them.
  if (small) judgeReread(ctx, op, { walk: whole.walk, at: wholeAt }, { walk: small, at: performance.now() });
  // A page past the list's length, where the default walk took more than one page. No maximum is
  // documented, so a refusal of it is the server's right (the limit probes note it): not judged here.
  if (firstPage < length) await resizedWalk(ctx, op, session, fixed, whole.walk, length + PAST_THE_END, true);
}

/** The list walked `size` items a page, judged beside the default walk; the walk, when it reached the end. */
async function resizedWalk(
  ctx: RunContext,
  op: ListOperation,
  session: string | undefined,
  fixed: Query,
  whole: WalkResult,
  size: number,
  mayRefuse = false,
): Promise<WalkResult | undefined> {
  const resized: Query = [...fixed, [op.limit!.param, String(size)]];
  const first = mayRefuse ? await ctx.transport.send(op, session, resized) : undefined;
  const status = first?.exchange?.status;
  if (first && (status === undefined || (status !== 200 && status < 500))) return undefined;
  const { walk: sized } = await walk(ctx, op, session, resized, { maxPages: MAX_PAGES, ...(first ? { first } : {}) });
  if (!sized.complete) return undefined;
  const sizes = [`no ${op.limit!.param}`, `${op.limit!.param}=${size}`] as const;
  const outcomes = ctx.ledger.evaluate(op, 'resized', { walks: [whole, sized], sizes });
  const urls = [...whole.urls, ...sized.urls];
  if (outcomes.every((o) => o.judgement.violations.length === 0)) {
    ctx.ledger.commit(op, outcomes, urls);
    return sized;
  }
  // Tasks come and go between walks: report only the items fresh walks at both sizes still disagree on.
  const fresh: [WalkResult, WalkResult] = [
    (await walk(ctx, op, session, fixed, { maxPages: MAX_PAGES, record: 'none' })).walk,
    (await walk(ctx, op, session, resized, { maxPages: MAX_PAGES, record: 'none' })).walk,
  ];
  if (!fresh.every((w) => w.complete)) return sized;
  const repeated = new Set(
    ctx.ledger
      .evaluate(op, 'resized', { walks: fresh, sizes })
      .flatMap((o) => o.judgement.violations.map((v) => `${v.rule}|${String(v.value)}`)),
  );
  ctx.ledger.commit(
    op,
    outcomes.map((o) => ({
      law: o.law,
      judgement: {
        judged: o.judgement.judged,
        violations: o.judgement.violations.filter((v) => repeated.has(`${v.rule}|${String(v.value)}`)),
      },
    })),
    urls,
  );
  return sized;
}
