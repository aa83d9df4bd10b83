import { describe, expect, it } from 'vitest';
import { validateResponseBody } from '../../src/contract/index.js';
import { validateComponent } from '../../src/contract/validate.js';
import { arkTask, everrunsTask, jsonrpcTask, praxisSession, praxisTask } from '../fixtures.js';
import { BUILTIN } from '../helpers/apis.js';

describe('validators', () => {
  it('accept the hand-written conforming objects', () => {
    expect(validateComponent('praxis', 'BackgroundTask', praxisTask(), undefined, BUILTIN)).toEqual([]);
    expect(validateComponent('praxis', 'Session', praxisSession(), undefined, BUILTIN)).toEqual([]);
    expect(validateComponent('everruns', 'Task', everrunsTask(), undefined, BUILTIN)).toEqual([]);
    expect(validateComponent('ark', 'Task', arkTask(), undefined, BUILTIN)).toEqual([]);
    expect(validateComponent('jsonrpc', 'Task', jsonrpcTask(), undefined, BUILTIN)).toEqual([]);
  });

  it('collect every error as structured violations and never throw', () => {
    const bad = { ...arkTask(), state: 'done', created_at: null, result: 'leak' };
    const violations = validateComponent('ark', 'Task', bad, undefined, BUILTIN);
    const paths = violations.map((v) => v.instancePath).sort();
    expect(paths).toEqual(['/created_at', '/result', '/state']);
    for (const v of violations) {
      expect(v.law).toBe('ark.schema');
      expect(v.source.file).toBe('specs/ark.openapi.yaml');
      expect(v.message.length).toBeGreaterThan(0);
    }
    expect(violations.find((v) => v.instancePath === '/state')?.value).toBe('done');
    for (const garbage of [undefined, null, 'x', 42, [], {}])
      expect(() => validateResponseBody('ark', 'listTasks', 200, garbage, undefined, BUILTIN)).not.toThrow();
  });

  it('an id whose format a document gives once is held to it in every field holding that id', () => {
    // 002 gives the session id's format on the path parameter only ("格式为 sesn- 开头的字符串").
    for (const reading of ['strict', 'documented'] as const) {
      const found = validateComponent(
        'ark',
        'Task',
        { ...arkTask(), session_id: 'logs crawl backup' },
        reading,
        BUILTIN,
      );
      expect(found.map((v) => v.instancePath)).toEqual(['/session_id']);
    }
    const forked = { ...praxisSession(), forked_from: { session_id: 'test' } };
    expect(validateComponent('praxis', 'Session', forked, 'strict', BUILTIN).map((v) => v.instancePath)).toEqual([
      '/forked_from/session_id',
    ]);
  });

  it('Ark never sends null: a null optional field is a violation, an absent one is not', () => {
    const absent = arkTask();
    delete absent.started_at;
    expect(validateComponent('ark', 'Task', { ...absent, state: 'queued' }, undefined, BUILTIN)).toEqual([]);
    expect(
      validateComponent('ark', 'Task', { ...arkTask(), summary: null }, undefined, BUILTIN).map((v) => v.instancePath),
    ).toEqual(['/summary']);
  });

  it('validate whole responses per status, and say when the spec documents no body', () => {
    expect(
      validateResponseBody('ark', 'listTasks', 200, { items: [arkTask()], next_cursor: 20 }, undefined, BUILTIN),
    ).toEqual([]);
    expect(
      validateResponseBody('ark', 'listTasks', 200, { items: [arkTask()], next_cursor: null }, undefined, BUILTIN)?.map(
        (v) => v.instancePath,
      ),
    ).toEqual(['/next_cursor']);
    expect(validateResponseBody('everruns', 'listTasks', 404, 'Session not found', undefined, BUILTIN)).toBeUndefined();
    expect(
      validateResponseBody(
        'jsonrpc',
        'listTasks',
        422,
        {
          detail: [{ loc: ['query', 'limit'], msg: 'bad', type: 'int_parsing' }],
        },
        undefined,
        BUILTIN,
      ),
    ).toEqual([]);
    expect(
      validateResponseBody(
        'praxis',
        'listBackgroundTasks',
        404,
        {
          type: 'error',
          error: { type: 'not_found_error', message: 'x' },
          request_id: 'req_1',
        },
        undefined,
        BUILTIN,
      ),
    ).toEqual([]);
    expect(
      validateResponseBody('praxis', 'listBackgroundTasks', 404, { error: 'nope' }, undefined, BUILTIN)?.length,
    ).toBeGreaterThan(0);
  });

  it('the documented reading checks reference-only shapes by type alone', () => {
    const session = { ...praxisSession(), agent: { id: 'agent_x' } };
    expect(validateComponent('praxis', 'Session', session, 'strict', BUILTIN).length).toBeGreaterThan(0);
    expect(validateComponent('praxis', 'Session', session, 'documented', BUILTIN)).toEqual([]);
    expect(
      validateComponent('praxis', 'Session', { ...session, agent: 'agent_x' }, 'documented', BUILTIN).map(
        (v) => v.instancePath,
      ),
    ).toEqual(['/agent']);
  });

  it('the Everruns document example lacks fields its own schema requires (recorded, not loosened)', () => {
    const documentExample = [{ progress: { steps: [{ status: 'pending' }] }, state: 'queued', wake_policy: 'silent' }];
    const violations = validateResponseBody('everruns', 'listTasks', 200, documentExample, undefined, BUILTIN) ?? [];
    const missing = violations
      .filter((v) => v.message.includes('must have required property'))
      .map((v) => `${v.instancePath} ${v.message.split("'")[1]}`);
    expect(missing.sort()).toEqual([
      '/0 created_at',
      '/0 display_name',
      '/0 id',
      '/0 kind',
      '/0 session_id',
      '/0 updated_at',
      '/0/progress/steps/0 title',
    ]);
  });
});
