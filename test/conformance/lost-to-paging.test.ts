/**
 * One bug under the law it breaks: a server that loses a session at every page end loses some that the
 * agent_id filter matches from its filtered walks too. That is paging's finding, not the filter's, even
 * where a walk at the largest page size a request case sends loses the same session (its page ends there
 * as well): a walk whose one page holds the whole list shows it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/entries/conformance.js';
import { hostile } from '../helpers/hostile.js';
import { praxis } from '../independent/servers.js';

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

describe('a task lost to paging by a filtered walk', () => {
  for (const seed of [1, 2]) {
    it(`is reported under paging-skips-nothing alone (seed ${seed})`, async () => {
      const server = await hostile(praxis('cursor-skips-one'));
      closers.push(server.close);
      const result = await runConformance({
        api: 'praxis',
        baseUrl: `${server.url}/agent`,
        operations: ['listSessions'],
        seed,
        runs: 10,
        polls: 2,
        pollIntervalMs: 5,
      });
      const laws = [...new Set(result.violations.map((v) => v.law))];
      expect(laws).toContain('praxis.sessions.paging-skips-nothing');
      expect(laws.filter((law) => /\.filter-/.test(law))).toEqual([]);
      // The filter was judged on walks beside the unfiltered list, and passed.
      const filter = result.laws.find((law) => law.id === 'praxis.sessions.filter-agent_id');
      expect(filter?.outcome).toBe('passed');
    });
  }
});
