/**
 * One list walked to its end at two page sizes: the default, and about a third of the list (so
 * the second walk has a few pages). Whatever the order, both must give the same items; what one
 * lists and the other does not is reported once fresh walks repeat it, with the requests of
 * both walks' pages that show it. The two walks are also two whole reads of the list, judged as
 * such (an object keeps its id between them).
 */
import type { ListOperation } from '../../contract/operations.js';
import { MAX_PAGES, type Query } from '../../http/paging.js';
import { fixedQuery, type RunContext } from '../context.js';
import { itemsOfWalk, type WalkResult, walk } from '../walker.js';
import { judgeReread } from './over-time.js';

export async function pageSizesProbe(ctx: RunContext, op: ListOperation, session: string | undefined): Promise<void> {
  if (op.paging.kind === 'none' || !op.limit) return;
  const fixed = fixedQuery(ctx, op);
  const whole = await walk(ctx, op, session, fixed, { maxPages: MAX_PAGES });
  const wholeAt = performance.now();
  const length = itemsOfWalk(op, whole.walk).length;
  if (!whole.walk.complete || length < 2) return;
  const firstPage = itemsOfWalk(op, { ...whole.walk, pages: whole.walk.pages.slice(0, 1) }).length;
  let size = Math.ceil(length / 3);
  if (size === firstPage) size++;
  const resized: Query = [...fixed, [op.limit.param, String(size)]];
  const small = await walk(ctx, op, session, resized, { maxPages: MAX_PAGES });
  if (!small.walk.complete) return;
  // Two whole reads of one list, whatever their page sizes: an object keeps its id between them.
  judgeReread(ctx, op, { walk: whole.walk, at: wholeAt }, { walk: small.walk, at: performance.now() });
  const sizes = [`no ${op.limit.param}`, `${op.limit.param}=${size}`] as const;
  const outcomes = ctx.ledger.evaluate(op, 'resized', { walks: [whole.walk, small.walk], sizes });
  const urls = [...whole.walk.urls, ...small.walk.urls];
  if (outcomes.every((o) => o.judgement.violations.length === 0)) {
    ctx.ledger.commit(op, outcomes, urls);
    return;
  }
  // Tasks come and go between walks: report only the items fresh walks at both sizes still disagree on.
  const fresh: [WalkResult, WalkResult] = [
    (await walk(ctx, op, session, fixed, { maxPages: MAX_PAGES, record: 'none' })).walk,
    (await walk(ctx, op, session, resized, { maxPages: MAX_PAGES, record: 'none' })).walk,
  ];
  if (!fresh.every((w) => w.complete)) return;
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
}
