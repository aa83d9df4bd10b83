/** Observes each list `polls` times in all (the baseline walk was the first), `pollIntervalMs` apart. */

import { MAX_PAGES } from '../../http/paging.js';
import { fixedQuery, type RunContext, sessionsOf } from '../context.js';
import { walk } from '../walker.js';

export async function overTimePhase(ctx: RunContext): Promise<void> {
  const polls = ctx.options.polls ?? 3;
  const interval = ctx.options.pollIntervalMs ?? 1000;
  for (let poll = 1; poll < polls; poll++) {
    await ctx.transport.pause(interval);
    for (const op of ctx.ops) {
      for (const session of sessionsOf(ctx, op)) {
        if (op.session.in === 'path' && session === undefined) continue;
        await walk(ctx, op, session, fixedQuery(ctx, op), { maxPages: MAX_PAGES });
      }
    }
  }
}
