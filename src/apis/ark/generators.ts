/** Ark: what the generators need beyond the contract (see GeneratorProfile). */
import { isTerminal } from '../../contract/lifecycle.js';
import type { JsonObject } from '../../contract/rules/types.js';
import { plausibleMillis } from '../../generators/instants.js';
import { randomId } from '../../generators/nested-ids.js';
import type { GeneratorProfile } from '../../generators/profile.js';
import { arkLifecycle } from './rules.js';

export const arkGenerators: GeneratorProfile = {
  api: 'ark',
  // Every Ark time is a Unix-millisecond integer (the UnixMillis component).
  // A tool call's id is one call's (ark.unique-tool-use-id): 64 random bits, so that objects drawn
  // one at a time (added tasks, scenarios) never meet either; one run also makes repeats unique.
  overridesIn: (b, edge) => ({ UnixMillis: plausibleMillis(b, edge), 'Tool.tool_use_id': randomId(b, 'toolu_') }),
  // 002: "Agent 发起该次工具调用时生成的工具调用 ID。" Each call makes its own.
  nestedIds: { task: ['tool.tool_use_id'] },
  stampCreation(_target, item, ms) {
    const out: JsonObject = { ...item, created_at: ms };
    if (typeof out.started_at === 'number') out.started_at = ms + 1_000;
    if (typeof out.finished_at === 'number') out.finished_at = ms + 30_000;
    return out;
  },
  lifecycle: {
    initial: 'queued',
    start(task) {
      delete task.started_at;
      delete task.finished_at;
    },
    advance(previous, next, state, later) {
      const now = later(
        Math.max(Number(previous.finished_at ?? 0), Number(previous.started_at ?? 0), Number(previous.created_at)),
      );
      if (state === 'running' && next.started_at === undefined) next.started_at = now;
      if (isTerminal(arkLifecycle, state)) next.finished_at = now;
    },
  },
};
