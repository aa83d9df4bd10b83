/**
 * A long walk asked in parts that run at once (walk-parts.ts). The walk one item a page (a cursor at
 * every position) of a list whose paging lets a walk start mid-list (Ark's tokens, resumed from the
 * baseline's or scouted; JSON-RPC's item ids) is asked from several places in the list at once, all in one
 * shard; and the walk joined from the parts is judged as the walk asked page after page is: the
 * same verdict on the mock, on its paging faults and on a cursor at one position that skips an item.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCases } from '../../src/conformance/cases.js';
import type { RunContext } from '../../src/conformance/context.js';
import type { ConformanceOptions, ConformanceResult } from '../../src/conformance/types.js';
import { runConformance } from '../../src/entries/conformance.js';
import type { FaultId } from '../../src/handlers/faults/index.js';
import { forward, hostile } from '../helpers/hostile.js';
import { DEMO_SESSIONS, startMock } from '../helpers/mock-server.js';

/** While `whole` is set, every walk is asked page after page, as one case: what the parts replace. */
const unsplit = vi.hoisted(() => ({ whole: false }));
vi.mock('../../src/conformance/walk-parts.js', async (importOriginal) => {
  const parts = await importOriginal<typeof import('../../src/conformance/walk-parts.js')>();
  return {
    ...parts,
    walkInParts: <R>(...args: Parameters<typeof parts.walkInParts<R>>) => {
      const judge = args[4];
      if (!unsplit.whole) return parts.walkInParts(...args);
      return [{ cost: judge.cost, run: (scope: RunContext) => judge.run(scope, new Map()) }];
    },
  } satisfies typeof parts;
});

let mock: Awaited<ReturnType<typeof startMock>>;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(async () => {
  await mock.server.close();
});

type Paged = 'ark' | 'jsonrpc';
type Item = Record<string, unknown>;
/** Where each paged list lives on the mock, where its items are, their id, and the cursor a page gives. */
const LIST = {
  ark: { path: '/ark/sessions/sesn-demo/tasks', items: 'items', id: 'task_id', cursor: 'cursor' },
  jsonrpc: { path: '/jsonrpc/tasks', items: 'result', id: 'id', cursor: 'starting_after' },
} as const;

const options = (api: Paged, baseUrl: string): ConformanceOptions => ({
  api,
  baseUrl,
  ...(DEMO_SESSIONS[api] ? { session: DEMO_SESSIONS[api] } : {}),
  seed: 4,
  runs: 5,
  polls: 1,
  pollIntervalMs: 0,
});

/** The list walked one item a page: after how many items each cursor a page gave starts, and the items. */
async function positions(api: Paged): Promise<{ at: Map<string, number>; items: Item[] }> {
  const list = LIST[api];
  const at = new Map<string, number>();
  const items: Item[] = [];
  let query = 'limit=1';
  for (;;) {
    const body = (await (await fetch(`${mock.server.url}${list.path}?${query}`)).json()) as Item;
    const page = body[list.items] as Item[];
    if (page.length === 0) break;
    items.push(...page);
    const cursor = api === 'ark' ? body.next_cursor : page.at(-1)![list.id];
    if (cursor === undefined || cursor === null) break;
    at.set(String(cursor), items.length);
    query = `limit=1&${list.cursor}=${encodeURIComponent(String(cursor))}`;
  }
  return { at, items };
}

describe('the parts of a walk', () => {
  for (const api of ['ark', 'jsonrpc'] as const)
    it(`${api}: the walk one item a page is asked from several places at once, all in one shard`, async () => {
      const { at } = await positions(api);
      // No other case walks the whole list one item a page this far (the combinations stop at 12 pages).
      const deep = (url: string) => {
        const query = new URL(url).searchParams;
        const plain = [...query.keys()].join() === `limit,${LIST[api].cursor}` && query.get('limit') === '1';
        const position = plain ? at.get(query.get(LIST[api].cursor)!) : undefined;
        return position !== undefined && position > 12 ? [position] : [];
      };
      const asked: number[][] = [];
      for (let index = 1; index <= 4; index++) {
        const answered: string[] = [];
        await runConformance({
          ...options(api, mock.base(api)),
          shard: { index, count: 4 },
          onEvent: (event) => void (event.type === 'request' && answered.push(event.url)),
        });
        asked.push(answered.flatMap(deep));
      }
      const walking = asked.filter((positions) => positions.length > 0);
      expect(walking, `positions past 12 asked by each shard: ${JSON.stringify(asked)}`).toHaveLength(1);
      const [walked] = walking;
      expect(new Set(walked)).toEqual(new Set([...at.values()].filter((position) => position > 12)));
      // Page after page, each position is answered after the one before it; a part's first page comes while
      // the part before it is still on its way there. Parts start about 8 pages apart: Ark's from the
      // baseline's tokens (after 20 and 40 items) and from tokens scouted between them.
      const order = new Map(walked!.map((position, i) => [position, i]));
      const ahead = [...order].filter(([position, i]) => i < (order.get(position - 1) ?? -1));
      expect(ahead.length, `parts started past 12, answered in this order: ${walked}`).toBeGreaterThanOrEqual(4);
    }, 60_000);
});

describe('the case that joins the parts', () => {
  it('holds no place among the cases running at once until the parts have ended', async () => {
    // One case at a time: a join started before the part it follows would wait for it forever.
    const ctx = {
      concurrency: 1,
      shard: undefined,
      lastSeen: new Map(),
      ledger: {},
      observations: {},
      transport: { with: () => ({}), pause: async () => {} },
    } as unknown as RunContext;
    const started: string[] = [];
    let end = () => {};
    const partEnded = new Promise<void>((resolve) => {
      end = resolve;
    });
    const results = await runCases(ctx, [
      {
        after: partEnded,
        run: async () => {
          started.push('join');
          await partEnded;
          return 'joined';
        },
      },
      {
        run: async () => {
          started.push('part');
          end();
          return 'walked';
        },
      },
    ]);
    expect(started).toEqual(['part', 'join']);
    // It commits in its own place all the same.
    expect(results).toEqual(['joined', 'walked']);
  });
});

/** The verdict: the exit code, each law's outcome, each violation with its requests and replay line. */
const verdict = (r: ConformanceResult) => ({
  exitCode: r.exitCode,
  laws: r.laws.map((law) => `${law.id}: ${law.outcome}`),
  violations: r.violations.map((v) => [v.law, v.operation, v.instancePath, v.message, v.curl, v.replay?.command]),
});

/** A server in front of the mock whose page after the `n`-th item of the list (a cursor there) leaves out the next. */
async function skipsAfter(api: Paged, items: readonly Item[], n: number) {
  const next = items[n]![LIST[api].id];
  return hostile((req: IncomingMessage, res: ServerResponse) => {
    const query = new URL(req.url!, 'http://x').searchParams;
    const plain = [...query.keys()].every((k) => k === 'limit' || k === LIST[api].cursor);
    void forward(res, `${mock.server.url}${req.url}`, (text) => {
      const body = JSON.parse(text) as Item;
      const page = body[LIST[api].items];
      if (!plain || !query.has(LIST[api].cursor) || !Array.isArray(page) || page[0]?.[LIST[api].id] !== next)
        return text;
      return JSON.stringify({ ...body, [LIST[api].items]: page.slice(1) });
    });
  });
}

describe('the walk joined from its parts is judged as the walk page after page', () => {
  for (const api of ['ark', 'jsonrpc'] as const)
    it(`${api}: on the mock, its paging faults and a cursor at one position that skips an item`, async () => {
      const { items } = await positions(api);
      const twice = async (baseUrl: string, faults: FaultId[] = []) => {
        const run = async (whole: boolean) => {
          await mock.app.reset();
          mock.app.faults = new Set(faults);
          unsplit.whole = whole;
          try {
            return await runConformance(options(api, baseUrl));
          } finally {
            unsplit.whole = false;
          }
        };
        const [parts, whole] = [await run(false), await run(true)];
        expect(verdict(parts), faults.join(',')).toEqual(verdict(whole));
        return parts;
      };
      expect((await twice(mock.base(api))).exitCode).toBe(0);
      const duplicates = await twice(mock.base(api), [`${api}.no-duplicates-across-pages`]);
      expect(duplicates.violations.map((v) => v.law)).toContain(`${api}.no-duplicates-across-pages`);
      // After the 40th item, where a part starts, and after the 29th, inside one.
      for (const n of [40, 29]) {
        const server = await skipsAfter(api, items, n);
        try {
          const skipped = await twice(`${server.url}/${api}`);
          expect(
            skipped.violations.map((v) => v.law),
            `after item ${n}`,
          ).toContain(`${api}.paging-skips-nothing`);
        } finally {
          await server.close();
        }
      }
    }, 90_000);
});
