/** The arbitraries the schema cannot imply. */
import fc from 'fast-check';
import type { Face } from '../contract/faces.js';

const MS_2025 = Date.UTC(2025, 0, 1);
const MS_2027 = Date.UTC(2027, 0, 1);

/**
 * Values the documents define by meaning rather than by schema: Unix milliseconds (Ark) and
 * seconds (JSON-RPC), attempt counters, monitor trigger counts.
 */
export function overridesFor(face: Face, edge: boolean): Record<string, fc.Arbitrary<unknown>> {
  const millis = edge
    ? fc.oneof(fc.integer({ min: MS_2025, max: MS_2027 }), fc.constantFrom(1e12, 9_999_999_999_999))
    : fc.integer({ min: MS_2025, max: MS_2027 });
  switch (face) {
    case 'ark':
      return { UnixMillis: millis };
    case 'jsonrpc':
      return {
        'Task.created_at': millis.map((ms) => Math.floor(ms / 1000)),
        'ListTasksResponse.jsonrpc': fc.constant('2.0'),
        'ListTasksResponse.result': fc.constant([]),
      };
    case 'everruns':
      return {
        'Task.attempt': edge
          ? fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constant(2 ** 31 - 1))
          : fc.integer({ min: 1, max: 5 }),
      };
    case 'praxis':
      return {
        'BackgroundTask.trigger_count': fc.option(
          edge ? fc.oneof(fc.nat(50), fc.constant(Number.MAX_SAFE_INTEGER)) : fc.nat(50),
          { nil: null },
        ),
      };
  }
}
