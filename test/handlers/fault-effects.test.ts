/** Faults say what they change: in the mock's state, in each answer they changed, and `:every` breaks every object. */

import { describe, expect, it } from 'vitest';
import { MockApp } from '../../src/apis/mock-functions.js';
import { checkItem } from '../../src/contract/rules/index.js';
import { ControlError } from '../../src/handlers/control-error.js';
import { describeUnknownFaults, faultChanges } from '../../src/handlers/faults/index.js';
import { BUILTIN } from '../helpers/apis.js';

const RULE = 'praxis.ended-at-null-exactly-while-running';
const PATH = '/v1/sessions/sesn_demo/background_tasks';

async function listed(app: MockApp) {
  const response = await app.respond('praxis', { method: 'GET', path: PATH, query: new URLSearchParams() });
  const tasks = (response.body as { data: Record<string, unknown>[] }).data;
  const broken = tasks.filter((t) => checkItem('praxis', 'task', t, undefined, BUILTIN).some((v) => v.law === RULE));
  return { response, tasks, broken };
}

describe('fault effects', () => {
  it('an item rule fault breaks the first task of each answer, and says so in the answer and the state', async () => {
    const app = await MockApp.create({ faults: [RULE] });
    const { response, tasks, broken } = await listed(app);
    expect(tasks.length).toBeGreaterThan(2);
    expect(broken.map((t) => t.id)).toEqual([tasks[0]!.id]);
    expect(response.headers['x-mock-faults']).toBe(`${RULE} broke 1 of ${tasks.length} background tasks`);
    await listed(app);
    const [effect] = (await app.state()).faultEffects;
    expect(effect).toEqual({
      id: RULE,
      changes: faultChanges(BUILTIN).get(RULE),
      broke: { objects: 2, of: 2 * tasks.length },
    });
    expect(effect!.changes).toMatch(
      /^on the first background task of each list answer .*: gives a running task an ended_at/,
    );
    // reset starts the count again.
    await app.reset();
    expect((await app.state()).faultEffects[0]!.broke).toEqual({ objects: 0, of: 0 });
  });

  it('`:every` breaks every task of the answer', async () => {
    const app = await MockApp.create({ faults: [`${RULE}:every`] });
    const { response, tasks, broken } = await listed(app);
    expect(broken).toHaveLength(tasks.length);
    expect(response.headers['x-mock-faults']).toBe(`${RULE} broke ${tasks.length} of ${tasks.length} background tasks`);
    expect((await app.state()).faultEffects[0]).toMatchObject({
      id: `${RULE}:every`,
      changes: expect.stringMatching(/^on every background task of each list answer: /),
    });
  });

  it('a law fault says what it changes and counts nothing; `:every` is refused where it has no meaning', async () => {
    const app = await MockApp.create({ faults: ['ark.order-newest-first'] });
    expect((await app.state()).faultEffects).toEqual([
      { id: 'ark.order-newest-first', changes: 'lists each page oldest first' },
    ]);
    const said = describeUnknownFaults(['ark.order-newest-first:every'], BUILTIN);
    expect(said).toContain('ark.order-newest-first has no every-object form (lists each page oldest first)');
    await expect(app.setFaults(['ark.order-newest-first:every' as 'ark.order-newest-first'])).rejects.toThrow(
      ControlError,
    );
    expect(describeUnknownFaults(['ark.finished-at-when-terminal:every'], BUILTIN)).toBeUndefined();
  });

  it('every built-in item rule repair says what it breaks, and every fault says what it changes', () => {
    for (const api of ['praxis', 'everruns', 'ark', 'jsonrpc'] as const)
      for (const rule of BUILTIN.contractOf(api).rules) expect(rule.repair.breaks, rule.id).toMatch(/^[a-z]/);
    for (const [id, changes] of faultChanges(BUILTIN)) expect(changes.length, id).toBeGreaterThan(10);
  });
});
