/**
 * The probes send the limit across its range on a correct server of the family; a limit no
 * document bounds is noted, not judged, when refused.
 */
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/entries/conformance.js';
import { hostile, sendJson } from '../helpers/hostile.js';
import { FAMILY, FAMILY_SESSION, type Knobs } from '../independent/family.js';

const KNOBS: Knobs = {
  seed: 11,
  maxPage: 60,
  emptyPages: null,
  extraFields: false,
  unknownKinds: false,
  order: 'newest',
  changeEvery: null,
  addEvery: null,
  throttleEvery: null,
  gzip: false,
  slowMs: 0,
  awkwardIds: false,
  churnSessions: false,
};

const queries = (server: Awaited<ReturnType<typeof hostile>>) =>
  server.seen.map((req) => new URL(req.url!, 'http://x').searchParams);

/** A short conformance run against a server of the family's Ark shape. */
const conformArk = (server: Awaited<ReturnType<typeof hostile>>) =>
  runConformance({
    api: 'ark',
    baseUrl: `${server.url}${FAMILY.ark.path}`,
    session: FAMILY_SESSION.ark,
    seed: 1,
    runs: 5,
    polls: 1,
    pollIntervalMs: 0,
  });

describe('probes across the range of a parameter', () => {
  it('ark: limit 1, 2, the default 20, 21 and the length of the list are each walked', async () => {
    const server = await hostile(FAMILY.ark.make(KNOBS));
    try {
      const result = await conformArk(server);
      expect(result.violations).toEqual([]);
      const limits = new Set(queries(server).map((q) => q.get('limit')));
      // The family's Ark list holds 30 + seed % 20 tasks.
      for (const value of ['1', '2', '20', '21', String(30 + (KNOBS.seed % 20))])
        expect(limits, `limit=${value}`).toContain(value);
      // A walk at limit 2 follows its cursor.
      expect(queries(server).some((q) => q.get('limit') === '2' && q.has('cursor'))).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('ark: a limit as large as the list that the server refuses is noted, not a violation', async () => {
    const family = FAMILY.ark.make(KNOBS);
    const server = await hostile((req, res) => {
      const limit = new URL(req.url!, 'http://x').searchParams.get('limit');
      if (limit !== null && Number(limit) > 30)
        return sendJson(res, 400, { error: { code: 'InvalidParameter', message: 'limit is at most 30' } });
      family(req, res);
    });
    try {
      const result = await conformArk(server);
      expect(result.violations).toEqual([]);
      expect(result.notes.join('\n')).toContain(
        `listTasks: limit=${30 + (KNOBS.seed % 20)} got 400 (no maximum is documented, so this is not judged)`,
      );
    } finally {
      await server.close();
    }
  });
});
