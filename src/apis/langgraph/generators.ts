/** LangGraph: what the generators need beyond the contract (see GeneratorProfile). */
import type { JsonObject } from '../../contract/rules/types.js';
import type { GeneratorProfile } from '../../generators/profile.js';
import type { Backend } from '../../generators/schema-arbitrary.js';

const iso = (ms: number) => new Date(ms).toISOString();
const hex8 = (n: number) => n.toString(16).padStart(8, '0');

/**
 * A version-4 UUID (the spec's `format: uuid`), its first 32 bits a `distinct` draw: the ids of one bulk
 * run are unique by construction, and objects drawn one at a time seldom meet.
 */
function uuidOf<A>(b: Backend<A>): A {
  return b.map(
    b.tuple([b.distinct(0, 0x7fffffff), b.uniform(0, 0x7fffffff), b.uniform(0, 0x7fffffff), b.uniform(0, 0x7fffffff)]),
    ([hi, x, y, z]: [number, number, number, number]) => {
      const [a, c] = [hex8(x), hex8(y)];
      return `${hex8(hi)}-${a.slice(0, 4)}-4${a.slice(5)}-8${c.slice(1, 4)}-${c.slice(4)}${hex8(z)}`;
    },
    { injective: true, plain: true },
  );
}

export const langgraphGenerators: GeneratorProfile = {
  api: 'langgraph',
  overridesIn: (b) => ({ 'Run.run_id': uuidOf(b), 'Run.assistant_id': uuidOf(b), 'Run.thread_id': uuidOf(b) }),
  stampCreation(_target, item, ms) {
    const out: JsonObject = { ...item, created_at: iso(ms), updated_at: iso(ms) };
    return out;
  },
  lifecycle: {
    initial: 'pending',
    advance(previous, next, _state, later) {
      // Every change of status is an update of the run.
      next.updated_at = iso(later(Date.parse(String(previous.updated_at))));
    },
  },
};
