/** JSON-RPC: what the generators need beyond the contract (see GeneratorProfile). */
import { plausibleMillis } from '../../generators/instants.js';
import type { GeneratorProfile } from '../../generators/profile.js';
import { jsonrpcKits } from './kits.js';

export const jsonrpcGenerators: GeneratorProfile = {
  face: 'jsonrpc',
  overrides: (fc, edge) => ({
    // Unix seconds.
    'Task.created_at': plausibleMillis(fc, edge).map((ms) => Math.floor(ms / 1000)),
    'ListTasksResponse.jsonrpc': fc.constant('2.0'),
    'ListTasksResponse.result': fc.constant([]),
  }),
  kits: jsonrpcKits,
  stampCreation(_target, item, ms) {
    return { ...item, created_at: Math.floor(ms / 1000) };
  },
  lifecycle: {
    initial: 'created',
    advance(_previous, next, state, _later, stepMs) {
      if (state === 'input-required') next.input_required_call_ids = [`call_${stepMs}`];
    },
  },
};
