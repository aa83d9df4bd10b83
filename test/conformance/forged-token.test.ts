/**
 * A page token no page gave, where the documents state no answer to one (A2A's pageToken): a refusal
 * or a page is the server's choice, a 500 is not-a-server-error's finding, with the request printed.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/entries/conformance.js';
import { startKeysetA2aServer } from '../fixtures/a2a/server.js';

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

describe('a forged pageToken', () => {
  it('answered with a 500 is reported under not-a-server-error; refused with a 400 is not', async () => {
    const refusing = await startKeysetA2aServer();
    const failing = await startKeysetA2aServer({ failsOnForgedToken: true });
    closers.push(refusing.close, failing.close);
    const run = (baseUrl: string) =>
      runConformance({ api: 'a2a', baseUrl, operations: ['listTasks'], seed: 3, runs: 5, polls: 0 });
    expect((await run(refusing.url)).violations).toEqual([]);
    const result = await run(failing.url);
    expect(result.violations.map((v) => [v.law, v.message])).toEqual([['a2a.not-a-server-error', 'a request got 500']]);
    expect(result.violations[0]!.curl).toContain('pageToken=not-a-cursor-from-this-api');
  });
});
