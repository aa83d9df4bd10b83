/**
 * `mock --tasks N` grows each demo session to N tasks within the demo's day, at any count: the newest
 * grown task is created, started and ended no later than the day after the demo starts, so a mock
 * whose clock has reached that day (a real clock has) lists no time in its future.
 */

import { describe, expect, it } from 'vitest';
import { BUILTIN_API_NAMES } from '../../src/apis/index.js';
import { MockApp } from '../../src/apis/mock-functions.js';
import type { JsonObject } from '../../src/contract/rules/types.js';
import { looksLikeUnixSeconds, rfc3339Millis } from '../../src/contract/time.js';
import { mockOf } from '../../src/handlers/apis.js';
import { BASE_MS, DEMO_DAY_END_MS } from '../../src/handlers/dataset-grow.js';
import { BUILTIN } from '../helpers/apis.js';

/** Every time a task holds, in Unix milliseconds, by its path: numbers in their unit, RFC 3339 text. */
function timesOf(value: unknown, at = ''): [string, number][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => timesOf(v, `${at}/${i}`));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, v]) => timesOf(v, `${at}/${key}`));
  // Members named as times: created_at, …, MCP's createdAt, … and A2A's status/timestamp.
  if (!/(_at|[a-z]At|\/timestamp)$/.test(at)) return [];
  if (typeof value === 'number') return [[at, looksLikeUnixSeconds(value) ? value * 1000 : value]];
  const ms = rfc3339Millis(value);
  return Number.isNaN(ms) ? [] : [[at, ms]];
}

/** The newest tasks of the API's demo session, as the store lists them to every operation. */
function newestTasks(app: MockApp, api: (typeof BUILTIN_API_NAMES)[number]): JsonObject[] {
  const session = mockOf(api, BUILTIN).demo!.session;
  return app.store.page(api, { session, limit: 20 }).entries.map((entry) => entry.item);
}

describe('a grown demo session keeps its times in the past', () => {
  // The largest count `mock --tasks` takes, and one a second apart would have spread over 11 days.
  for (const count of [10_000_000, 1_000_000]) {
    it(`every API at ${count.toLocaleString('en')} tasks: no time after the demo's day`, async () => {
      const sessionTasks = Object.fromEntries(BUILTIN_API_NAMES.map((api) => [api, count]));
      const app = await MockApp.create({ sessionTasks });
      for (const api of BUILTIN_API_NAMES) {
        const newest = newestTasks(app, api);
        expect(newest.length, api).toBeGreaterThan(0);
        const times = newest.flatMap((task) => timesOf(task));
        expect(times.length, api).toBeGreaterThan(0);
        for (const [at, ms] of times) {
          expect(ms, `${api} ${at}`).toBeGreaterThanOrEqual(BASE_MS);
          expect(ms, `${api} ${at}`).toBeLessThanOrEqual(DEMO_DAY_END_MS);
          expect(ms, `${api} ${at}`).toBeLessThanOrEqual(app.clock.now());
        }
      }
    });
  }
});
