import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomId } from '../../src/generators/nested-ids.js';
import { fastCheckBackend } from '../../src/generators/schema-arbitrary.js';

describe('randomId: nested ids drawn one object at a time do not repeat', () => {
  // A scenario's partial tasks, an added task, a family server's objects: each is the first value of
  // its own seed. A draw that leans to its bounds gave the same Ark tool_use_id to two tasks of one
  // list (ATC_FAMILY_SEED=442179: toolu_7ffffff700000019 twice).
  it('the first value of 3,000 seeds (fast-check) are 3,000 ids', () => {
    const ids = Array.from(
      { length: 3000 },
      (_, seed) => fc.sample(randomId(fastCheckBackend, 'toolu_'), { seed, numRuns: 1 })[0],
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});
