/** JSON-RPC: what the generators need beyond the contract (see GeneratorProfile). */
import { base36 } from '../../generators/digits.js';
import { plausibleMillis } from '../../generators/instants.js';
import type { GeneratorProfile } from '../../generators/profile.js';
import type { Backend } from '../../generators/schema-arbitrary.js';

const REPLIES = [
  'All 214 tests passed.',
  'The deploy finished; the site answers on the new version.',
  'I found three broken links on the docs site.',
  'Which branch should I deploy?',
];
const CALLS = [
  { name: 'bash', arguments: '{"command":"npm test"}' },
  { name: 'web_search', arguments: '{"query":"release notes"}' },
  { name: 'file_read', arguments: '{"path":"README.md"}' },
];

/**
 * Output items. 003 says only "模型/代理生成的输出条目集合（多类型）" (output items of several types
 * made by the model or agent) and types each as an open object: items are drawn as an assistant's
 * message with its text and as the tool calls a task waits on (`input_required_call_ids`), not `{}`.
 */
function outputItem<A>(b: Backend<A>): A {
  const message = b.record(
    {
      type: b.constant('message'),
      role: b.constant('assistant'),
      content: b.map(b.constantFrom(REPLIES), (text: string) => [{ type: 'output_text', text }]),
    },
    ['type', 'role', 'content'],
  );
  // Records the walk can see into: each call's id is a distinct draw, so a run needs no set of them.
  const callId = b.map(b.distinct(0, 2 ** 31 - 1), (n: number) => `call_${base36(n, 1)}`, {
    injective: true,
    plain: true,
  });
  const call = b.oneof(
    CALLS.map(({ name, arguments: args }) => ({
      arbitrary: b.record(
        { type: b.constant('function_call'), call_id: callId, name: b.constant(name), arguments: b.constant(args) },
        ['type', 'call_id', 'name', 'arguments'],
      ),
      weight: 1,
    })),
  );
  return b.oneof([
    { arbitrary: message, weight: 1 },
    { arbitrary: call, weight: 1 },
  ]);
}

export const jsonrpcGenerators: GeneratorProfile = {
  api: 'jsonrpc',
  overridesIn: (b, edge) => ({
    // Unix seconds.
    'Task.created_at': b.map(plausibleMillis(b, edge), (ms: number) => Math.floor(ms / 1000)),
    'Task.output': b.array(outputItem(b), 0, edge ? 6 : 3),
    'ListTasksResponse.jsonrpc': b.constant('2.0'),
    'ListTasksResponse.result': b.constant([]),
  }),
  // The tool calls drawn into `output` (see outputItem): each call has its own id.
  nestedIds: { task: ['output[].call_id'] },
  stampCreation(_target, item, ms) {
    return { ...item, created_at: Math.floor(ms / 1000) };
  },
  lifecycle: {
    initial: 'created',
    advance(_previous, next, state, later) {
      // A call made for each wait: the task's, and when it began waiting.
      if (state === 'input-required') next.input_required_call_ids = [`call_${String(next.id)}_${later(0)}`];
    },
  },
};
