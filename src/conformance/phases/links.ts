/**
 * The sessions listed items link to (`ListOperation.sessionLink`): a few of those named by items in
 * the states that say the session exists, each asked for its list. The answer is judged by the
 * linked-session law, and a list it gives by every page law (more sessions judged).
 */
import { fieldValue, idOf, type ListOperation } from '../../contract/operations.js';
import type { Case } from '../cases.js';
import { baselineKey, fixedQuery, type RunContext, sessionsOf } from '../context.js';
import { walk } from '../walker.js';

/** How many linked sessions one operation's case asks for. */
const LINKED_SESSIONS = 4;

export function linkedSessionCases(ctx: RunContext): Case<void>[] {
  return ctx.ops.flatMap((op) => {
    const link = op.sessionLink;
    if (!link || op.session.in !== 'path') return [];
    return linksOf(ctx, op).map(({ id, from, state }) => ({
      run: async (scope: RunContext) => {
        const fixed = fixedQuery(scope, op);
        const sent = await scope.transport.send(op, id, fixed);
        if (!sent.exchange) return;
        scope.ledger.judge(op, 'linked', { field: link.field, id, from, state, exchange: sent.exchange }, sent.url);
        if (sent.exchange.status === 200) await walk(scope, op, id, fixed, { maxPages: 1, first: sent });
      },
    }));
  });
}

/** The first few distinct sessions the judged sessions' items link to while in the states that say so. */
function linksOf(ctx: RunContext, op: ListOperation): { id: string; from: string; state: string }[] {
  const link = op.sessionLink!;
  const sessions = sessionsOf(ctx, op);
  const found = new Map<string, { id: string; from: string; state: string }>();
  for (const session of sessions)
    for (const item of ctx.baselines.get(baselineKey(op, session)) ?? []) {
      const id = fieldValue(item, link.field);
      const state = op.stateField === undefined ? undefined : fieldValue(item, op.stateField);
      if (typeof id !== 'string' || typeof state !== 'string' || !link.whileStates.includes(state)) continue;
      if (sessions.includes(id) || found.has(id) || found.size >= LINKED_SESSIONS) continue;
      found.set(id, { id, from: idOf(op, item), state });
    }
  return [...found.values()];
}
