/**
 * A list ordered by last update, where working tasks record progress while the runner walks it: a task
 * that moves to the top past the cursor of a walk one item a page is skipped by that walk, and may be.
 * A2A sorts by the status timestamp, newest first, and promises no snapshot across pages.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/entries/conformance.js';
import { startKeysetA2aServer } from '../fixtures/a2a/server.js';

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

describe('an A2A list whose working tasks record progress every third request', () => {
  for (const seed of [1, 2]) {
    it(`passes: a task that moved past a cursor is no skip (seed ${seed})`, async () => {
      const server = await startKeysetA2aServer({ progressEvery: 3 });
      closers.push(server.close);
      const result = await runConformance({
        api: 'a2a',
        baseUrl: server.url,
        operations: ['listTasks'],
        seed,
        runs: 10,
        polls: 2,
        pollIntervalMs: 5,
      });
      expect(result.violations.map((v) => `${v.law}: ${v.message}`)).toEqual([]);
      expect(result.exitCode).toBe(0);
      // Not silently: the report says which skips it set aside, and why.
      expect(result.notes.join('\n')).toMatch(/skipped changed between the walks, .*: not reported as skipped/);
    });
  }
});
