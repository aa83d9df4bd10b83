/**
 * The polls run beside other cases: each walk of a list starts at least --poll-interval after the
 * list's walk before it ended, and the requests of other cases are in flight while it runs. The
 * Praxis sessions the session list names beside the first are walked by the baseline and the
 * polls alone (the other cases ask for the first session's tasks), one request a walk.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/entries/conformance.js';
import { startMock } from '../helpers/mock-server.js';

const INTERVAL = 150;
// Timers and performance.now() may disagree by a millisecond or so.
const SLACK = 5;

let mock: Awaited<ReturnType<typeof startMock>>;
beforeAll(async () => {
  mock = await startMock({ latencyMs: 20 });
});
afterAll(async () => {
  await mock.server.close();
});

describe('polls', () => {
  it('are an interval apart per list, with the requests of other cases in flight meanwhile', async () => {
    const started = performance.now();
    const requests: { url: URL; from: number; to: number }[] = [];
    const result = await runConformance({
      api: 'praxis',
      baseUrl: mock.base('praxis'),
      seed: 3,
      runs: 5,
      polls: 3,
      pollIntervalMs: INTERVAL,
      onEvent: (event) => {
        if (event.type !== 'request') return;
        const to = performance.now() - started;
        requests.push({ url: new URL(event.url), from: to - event.ms, to });
      },
    });
    expect(result.exitCode).toBe(0);
    const lists = new Map<string, typeof requests>();
    for (const r of requests.filter((r) => /\/sessions\/[^/]+\/background_tasks$/.test(r.url.pathname)))
      if (r.url.search === '') lists.set(r.url.pathname, [...(lists.get(r.url.pathname) ?? []), r]);
    const [, ...polledOnly] = [...lists.values()].filter((walks) => walks.length === 3);
    expect(polledOnly.length).toBeGreaterThan(0);
    // Requests with a filter or a limit: none is a poll's.
    const others = requests.filter((r) => [...r.url.searchParams.keys()].some((k) => k !== 'page'));
    for (const walks of polledOnly) {
      for (let i = 1; i < walks.length; i++)
        expect(walks[i]!.from - walks[i - 1]!.to).toBeGreaterThanOrEqual(INTERVAL - SLACK);
    }
    // The first polls ran beside the cases of the batch after the baseline, not after them. (Not each: a poll
    // starts first once due, so the polls of many lists may fill every place for a moment.)
    const beside = (walk: (typeof requests)[number]) => others.some((r) => r.from < walk.to && r.to > walk.from);
    expect(polledOnly.filter((walks) => beside(walks[1]!)).length).toBeGreaterThan(polledOnly.length / 2);
  }, 30_000);
});
