/**
 * What the mock says it serves: while a scenario plays, its API's task counts and sessions
 * (`state().tasks`, `sessions()`, the control page's table) are those of the scenario's current
 * step, which is what a list request is answered from; the other APIs keep their data's.
 */
import { describe, expect, it } from 'vitest';
import { MockApp } from '../../src/apis/mock-functions.js';
import { scenarioLoader } from '../../src/scenarios/loader.js';

/** How many tasks the Ark demo session's list answers, page after page. */
async function listed(app: MockApp): Promise<number> {
  let count = 0;
  let cursor: number | undefined;
  do {
    const query = new URLSearchParams({ limit: '100', ...(cursor === undefined ? {} : { cursor: String(cursor) }) });
    const answer = app.respond('ark', { method: 'GET', path: '/sessions/sesn-demo/tasks', query });
    const body = (answer.raw === undefined ? answer.body : JSON.parse(answer.raw)) as {
      items: unknown[];
      next_cursor?: number;
    };
    count += body.items.length;
    cursor = body.next_cursor;
  } while (cursor !== undefined);
  return count;
}

describe('counts of what is served', () => {
  it("a playing scenario's API counts the scenario's current step, step after step; stopped, its data again", async () => {
    const app = await MockApp.create({ scenarios: scenarioLoader });
    const demo = { tasks: (await app.state()).tasks, sessions: await app.sessions() };
    expect(demo.tasks.ark).toBe(await listed(app));

    await app.playScenario('ark-paging-while-added', { progression: 'manual' });
    const counts: number[] = [];
    for (let step = 0; step < 3; step++) {
      const served = await listed(app);
      expect((await app.state()).tasks.ark, `step ${step}`).toBe(served);
      expect((await app.sessions()).ark, `step ${step}`).toEqual([{ session: 'sesn-demo', tasks: served }]);
      counts.push(served);
      await app.advance(1);
    }
    // Its steps add tasks: the counts follow them, and none is the demo's.
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(new Set([...counts, demo.tasks.ark]).size).toBe(counts.length + 1);
    // The other APIs serve their data meanwhile.
    expect((await app.state()).tasks.praxis).toBe(demo.tasks.praxis);
    expect((await app.sessions()).everruns).toEqual(demo.sessions.everruns);

    await app.stopScenario();
    expect((await app.state()).tasks).toEqual(demo.tasks);
    expect(await app.sessions()).toEqual(demo.sessions);
  });
});
