/** MCP: what the generators need beyond the contract (see GeneratorProfile). */
import type { JsonObject } from '../../contract/rules/types.js';
import type { GeneratorProfile } from '../../generators/profile.js';
import type { Backend } from '../../generators/schema-arbitrary.js';

const iso = (ms: number) => new Date(ms).toISOString();
const hex8 = (n: number) => n.toString(16).padStart(8, '0');

/**
 * A task id of 32 hex digits (as the SDK's store makes them), its first 32 bits a `distinct` draw: the ids of one
 * bulk run are unique by construction, and ids drawn one at a time seldom meet.
 */
function taskIdOf<A>(b: Backend<A>): A {
  return b.map(
    b.tuple([b.distinct(0, 0x7fffffff), b.uniform(0, 0x7fffffff), b.uniform(0, 0x7fffffff), b.uniform(0, 0x7fffffff)]),
    (parts: [number, number, number, number]) => parts.map(hex8).join(''),
    { injective: true, plain: true },
  );
}

export const mcpGenerators: GeneratorProfile = {
  api: 'mcp',
  overridesIn: (b) => ({
    'Task.taskId': taskIdOf(b),
    // Milliseconds, or null for unlimited; polling every second or few.
    'Task.ttl': b.constantFrom([null, 60_000, 300_000, 3_600_000]),
    'Task.pollInterval': b.constantFrom([1_000, 2_000, 5_000]),
  }),
  stampCreation(_target, item, ms) {
    const out: JsonObject = { ...item, createdAt: iso(ms), lastUpdatedAt: iso(ms) };
    return out;
  },
  lifecycle: {
    // "Tasks MUST begin in the `working` status when created."
    initial: 'working',
    advance(previous, next, _state, later) {
      // Every change of status is an update of the task.
      next.lastUpdatedAt = iso(later(Date.parse(String(previous.lastUpdatedAt))));
    },
  },
};
