import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineScenario, LIBRARY, useScenario } from '../../src/entries/scenarios.js';

const scenario = defineScenario({
  name: 'ark-retry',
  api: 'ark',
  progression: 'manual',
  sessions: [{ id: 'sesn-x' }],
  tasks: [{ session: 'sesn-x', task: { task_id: 'task-1', state: 'running', tool: { name: 'bash' } } }],
  timeline: [{ set: { 'task-1': { state: 'unknown' } } }, { set: { 'task-1': { state: 'succeeded' } } }],
});

describe('defineScenario', () => {
  const mock = useScenario(scenario, { baseUrl: { ark: 'https://ark.define.test/api/v3' }, apiNames: ['ark'] });
  const server = setupServer(...mock.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  const states = async () =>
    (await (await fetch('https://ark.define.test/api/v3/sessions/sesn-x/tasks')).json()).items.map(
      (t: { state: string }) => t.state,
    );

  it('returns the scenario unchanged, and it plays', async () => {
    expect(defineScenario(scenario)).toBe(scenario);
    expect(await states()).toEqual(['running']);
    await mock.advance();
    expect(await states()).toEqual(['unknown']);
    await mock.advance();
    expect(await states()).toEqual(['succeeded']);
  });

  it('still checks the lifecycle when played: a type-correct but illegal transition fails with its pointer', () => {
    const backwards = defineScenario({
      ...scenario,
      name: 'ark-backwards',
      timeline: [{ set: { 'task-1': { state: 'succeeded' } } }, { set: { 'task-1': { state: 'running' } } }],
    });
    expect(() => useScenario(backwards)).toThrow(
      /\/timeline\/1\/set\/task-1\/state: ark lifecycle does not allow succeeded -> running/,
    );
  });

  it('every library scenario names its API', () => {
    for (const [name, value] of Object.entries(LIBRARY)) expect(name.startsWith(`${value.api}-`)).toBe(true);
  });
});
