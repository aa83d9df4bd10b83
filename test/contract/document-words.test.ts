/** Schema failures say what the documents say of the failing member; addTasks refuses a field the spec does not declare. */

import { describe, expect, it } from 'vitest';
import { MockApp } from '../../src/apis/mock-functions.js';
import { validateComponent, validateResponseBody } from '../../src/contract/validate.js';
import { BUILTIN } from '../helpers/apis.js';

const ARK = 'specs/sources/002_975038caf7b7a661.txt';

describe('messages in the documents’ words', () => {
  it('a null next_cursor says it is absent on the last page, quoting 002, with the pointer', () => {
    const [violation] = validateResponseBody(
      'ark',
      'listTasks',
      200,
      { items: [], next_cursor: null },
      undefined,
      BUILTIN,
    )!;
    expect(violation!.instancePath).toBe('/next_cursor');
    expect(violation!.message).toBe(
      '/next_cursor must be integer: next_cursor is null; it is absent when it has no value, never null — ' +
        `${ARK}: "下一页标识。返回该字段时，将其原样传入下一次请求的 cursor；未返回时表示已到最后一页。"`,
    );
  });

  it('a member the documents exclude must be absent, in their words', () => {
    const messages = validateComponent('ark', 'Task', { result: {} }, undefined, BUILTIN).map((v) => v.message);
    expect(messages).toContain(
      `/result must be absent — ${ARK}: "列表项不包含任务执行结果 result；如需读取结果，请查询单个任务。" The field must be absent.`,
    );
    expect(messages.join('\n')).not.toContain('must NOT be valid');
    const missing = `(root) must have required property 'state' — ${ARK}: "任务的当前状态。`;
    expect(messages.some((m) => m.startsWith(missing))).toBe(true);
  });

  it('every description that names a document by number names one of the API’s documents', () => {
    for (const api of ['praxis', 'everruns', 'ark', 'jsonrpc'] as const) {
      const { spec, documents } = BUILTIN.contractOf(api);
      const numbers = [...JSON.stringify(spec).matchAll(/"description":"(\d{3}):/g)].map((m) => m[1]!);
      expect(numbers.length, api).toBeGreaterThan(0);
      for (const n of new Set(numbers))
        expect(
          documents.some((d) => d.startsWith(`specs/sources/${n}_`)),
          `${api} ${n}`,
        ).toBe(true);
    }
  });
});

describe('addTasks', () => {
  it('refuses a field the spec does not declare, naming the closest, at any depth (plain JavaScript too)', async () => {
    const app = await MockApp.create();
    const add = (partial: Record<string, unknown>) => app.addTasks('ark', 'sesn-x', [partial as never]);
    await expect(add({ sate: 'x' })).rejects.toThrow(
      /^ark sesn-x tasks\[0\]: "sate" is not a field of an ark Task; did you mean "state"\? The spec declares .*\bstate\b/,
    );
    await expect(add({ tool: { nmae: 'bash' } })).rejects.toThrow(
      'tasks[0]: "nmae" is not a field of tool in an ark Task; did you mean "name"?',
    );
    await expect(add({ result: 'done' })).rejects.toThrow(`/result must be absent — ${ARK}`);
    await expect(add({ state: 'running', tool: { name: 'bash' } })).resolves.toHaveLength(1);
  });

  it('says how to call addTasks() when it is given the body of POST /__mock/tasks', async () => {
    const app = await MockApp.create();
    const body = { api: 'ark', session: 'sesn-x', tasks: [{ state: 'unknown' }] };
    const said =
      "addTasks takes the API, the session and the tasks as three arguments: addTasks('ark', 'sesn-x', " +
      "[{ state: 'unknown' }]); one object { api, session, tasks } is the body of POST /__mock/tasks";
    await expect(app.addTasks(body as never, 'sesn-x', [])).rejects.toThrow(said);
  });
});
