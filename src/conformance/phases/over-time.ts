/** Observes each list `polls` times in all (the baseline walk was the first), `pollIntervalMs` apart. */

import { MAX_PAGES } from '../../http/paging.js';
import { runCases } from '../cases.js';
import { fixedQuery, type RunContext, sessionsOf } from '../context.js';
import { walk } from '../walker.js';

export async function overTimePhase(ctx: RunContext): Promise<void> {
  const polls = ctx.options.polls ?? 3;
  const interval = ctx.options.pollIntervalMs ?? 1000;
  for (let poll = 1; poll < polls; poll++) {
    await ctx.transport.pause(interval);
    // One poll's walks run at once; the next poll starts when they are all committed.
    const walks = ctx.ops.flatMap((op) =>
      sessionsOf(ctx, op)
        .filter((session) => op.session.in !== 'path' || session !== undefined)
        .map((session) => ({
          run: async (scope: RunContext) => {
            await walk(scope, op, session, fixedQuery(scope, op), { maxPages: MAX_PAGES });
          },
        })),
    );
    await runCases(ctx, walks);
  }
}
