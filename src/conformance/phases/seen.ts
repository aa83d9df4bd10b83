/**
 * Everything seen: the laws between objects (a fork and its source, a task and its previous
 * task) judged once more over every object of each operation the run has seen, in the last
 * version seen, so that two objects no single walk listed together are judged too.
 */
import { idOf } from '../../contract/operations.js';
import type { JsonObject } from '../../contract/rules/types.js';
import type { RunContext } from '../context.js';
import { whereSeen } from '../walker.js';

export async function seenPhase(ctx: RunContext): Promise<void> {
  for (const op of ctx.ops) {
    const prefix = `${op.operationId}|`;
    const items = new Map<string, JsonObject>();
    for (const [key, versions] of ctx.lastSeen) {
      const item = versions.at(-1);
      if (item && key.startsWith(prefix)) items.set(idOf(op, item), item);
    }
    const all = [...items.values()];
    // A finding names the objects it is about; the requests they were last seen in show it.
    if (all.length > 1)
      ctx.ledger.judge(
        op,
        'seen',
        { items: all },
        all.map((i) => whereSeen(i) ?? ctx.options.baseUrl),
      );
  }
}
