/**
 * The cases of one batch share their exchanges: on a correct server (no finding to confirm) a run
 * asks for each URL at most once per batch (the baseline, the batch after it, the property
 * cases), where its cases ask for the same URLs dozens of times; a poll asks afresh, and so do the
 * reads back to back that end a run with polls (three of the first session's list, with a filtered
 * walk between each two).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/entries/conformance.js';
import { startMock } from '../helpers/mock-server.js';

const BATCHES = 3;

let mock: Awaited<ReturnType<typeof startMock>>;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(async () => {
  await mock.server.close();
});

async function requestsByUrl(polls: number): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const result = await runConformance({
    api: 'everruns',
    baseUrl: mock.base('everruns'),
    session: 'demo',
    seed: 3,
    runs: 40,
    polls,
    pollIntervalMs: 0,
    onEvent: (event) => {
      if (event.type === 'request') counts.set(event.url, (counts.get(event.url) ?? 0) + 1);
    },
  });
  expect(result.exitCode).toBe(0);
  return counts;
}

describe('exchanges shared within a batch', () => {
  it('one request per URL and batch, one more for each poll, and four back to back', async () => {
    const once = await requestsByUrl(1);
    expect(Math.max(...once.values())).toBeLessThanOrEqual(BATCHES);
    const whole = [...once.keys()].find((url) => url.endsWith('/everruns/v1/sessions/demo/tasks'))!;
    const polled = await requestsByUrl(3);
    expect(polled.get(whole)).toBe(once.get(whole)! + 2 + 4);
  }, 30_000);
});
