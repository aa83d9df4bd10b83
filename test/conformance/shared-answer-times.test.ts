/**
 * An answer one case takes from another (transport.ts) is as old as the request that got it. The
 * parts of a walk (walk-parts.ts) each take such answers, and the case that joins them compares an
 * object with an earlier page of it only where that page came before this one was asked: had a part
 * dated another case's answer by when it took it, an older page would pass for a newer one and a
 * task that really went from unknown to succeeded would be reported as going back. So the order of
 * a batch's cases changes nothing judged: here a walk one item a page goes before the walks with a
 * cursor at every position, whose first part starts where that walk did and takes its answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCases } from '../../src/conformance/cases.js';
import { fixedQuery, nothingLearnt, type RunContext } from '../../src/conformance/context.js';
import { Ledger } from '../../src/conformance/ledger.js';
import { Observations } from '../../src/conformance/observations.js';
import { baselinePhase } from '../../src/conformance/phases/baseline.js';
import { positionCases } from '../../src/conformance/phases/probes.js';
import { Transport } from '../../src/conformance/transport.js';
import { walk } from '../../src/conformance/walker.js';
import { operationsOf } from '../../src/contract/operations.js';
import type { JsonObject } from '../../src/contract/rules/types.js';
import { advanceSnapshot } from '../../src/generators/lifecycles.js';
import { repair } from '../../src/generators/objects.js';
import { HttpClient } from '../../src/http/client.js';
import { BUILTIN } from '../helpers/apis.js';
import { forward, hostile } from '../helpers/hostile.js';
import { DEMO_SESSIONS, startMock } from '../helpers/mock-server.js';

let mock: Awaited<ReturnType<typeof startMock>>;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(async () => {
  await mock.server.close();
});

/** A run of Ark's list at `baseUrl`, one request at a time, as runConformance makes it. */
function arkRun(baseUrl: string): RunContext {
  const ops = operationsOf('ark', BUILTIN);
  const options = { api: 'ark', baseUrl, session: DEMO_SESSIONS.ark } as const;
  const ledger = new Ledger({ ops, headers: {}, secrets: [], emit: () => {}, replayLine: () => '', seed: 1 });
  const observations = new Observations(ops);
  const client = new HttpClient({
    headers: {},
    timeoutMs: 10_000,
    maxRequests: 10_000,
    maxBodyBytes: 1 << 20,
    maxRetryWaitMs: 0,
    retries: 0,
  });
  const ctx: RunContext = {
    options,
    seed: 1,
    concurrency: 1,
    shard: undefined,
    defer: (effect) => effect(ctx),
    transport: new Transport(new URL(baseUrl), client, ledger, observations),
    ledger,
    observations,
    ops,
    ...nothingLearnt(),
  };
  return ctx;
}

describe('an answer taken from another case is as old as the request that got it', () => {
  it('a walk in parts judges a task that went from unknown to succeeded as moving forward', async () => {
    const list = `${mock.server.url}/ark/sessions/${DEMO_SESSIONS.ark}/tasks`;
    const newest = ((await (await fetch(`${list}?limit=1`)).json()) as { items: JsonObject[] }).items[0]!;
    const { finished_at: _, ...unended } = newest;
    const unknown = repair('ark', 'task', { ...unended, state: 'unknown' }, undefined, BUILTIN);
    const succeeded = advanceSnapshot('ark', unknown, 'succeeded', 1000, undefined, BUILTIN);
    // Unknown in the answers to the requests until the first walk one item a page, succeeded after it.
    let ended = false;
    const server = await hostile((req, res) => {
      const version = ended ? succeeded : unknown;
      if ([...new URL(req.url!, 'http://x').searchParams].join() === 'limit,1') ended = true;
      void forward(res, `${mock.server.url}${req.url}`, (text) => {
        const body = JSON.parse(text) as { items?: JsonObject[] };
        const items = body.items?.map((task) => (task.task_id === newest.task_id ? version : task));
        return JSON.stringify(items ? { ...body, items } : body);
      });
    });
    try {
      const ctx = arkRun(`${server.url}/ark`);
      await baselinePhase(ctx);
      const op = ctx.ops[0]!;
      const onePerPage = [...fixedQuery(ctx, op), [op.limit!.param, '1']] satisfies [string, string][];
      const first = {
        run: async (scope: RunContext) => void (await walk(scope, op, DEMO_SESSIONS.ark, onePerPage, { maxPages: 1 })),
      };
      await runCases(ctx, [first, ...positionCases(ctx)]);
      expect(ended).toBe(true);
      expect(
        ctx.ledger.violations.map((v) => [v.law, v.message, v.requests]),
        'a correct server',
      ).toEqual([]);
    } finally {
      await server.close();
    }
  }, 30_000);
});
