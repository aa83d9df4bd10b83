import Anthropic, { BadRequestError, NotFoundError } from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/apis/mocks.js';
import { validateComponent } from '../../src/contract/validate.js';
import { BUILTIN } from '../helpers/apis.js';
import { startMock } from '../helpers/mock-server.js';

let mock: Awaited<ReturnType<typeof startMock>>;
let client: Anthropic;
beforeAll(async () => {
  mock = await startMock();
  client = new Anthropic({ apiKey: 'sk-ant-test-not-a-real-key', baseURL: mock.base('praxis'), maxRetries: 0 });
});
afterAll(async () => {
  await mock.server.close();
});

describe('the official @anthropic-ai/sdk against the Praxis mock', () => {
  it('sessions.list() walks every listed session with auto-pagination', async () => {
    const ids: string[] = [];
    for await (const session of client.beta.sessions.list({ limit: 7 })) {
      ids.push(session.id);
      expect(validateComponent('praxis', 'Session', session, undefined, BUILTIN)).toEqual([]);
    }
    expect(ids).toHaveLength(DEMO.praxis.sessionCount);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toBe(DEMO.praxis.session);
  });

  it('agent_id filters, and pagination keeps the filter', async () => {
    const ids: string[] = [];
    for await (const session of client.beta.sessions.list({ agent_id: DEMO.praxis.agent, limit: 4 })) {
      expect(session.agent.id).toBe(DEMO.praxis.agent);
      ids.push(session.id);
    }
    expect(ids.length).toBeGreaterThan(4);
  });

  it('an unsupported filter raises BadRequestError with the Anthropic error body', async () => {
    const error = await client.beta.sessions
      .list({ 'created_at[gte]': '2026-01-01T00:00:00Z' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    const body = (error as BadRequestError).error as { type: string; error: { type: string; message: string } };
    expect(body.type).toBe('error');
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toContain('created_at[gte]');
  });

  it('client.get on background tasks of an unknown session raises NotFoundError', async () => {
    const error = await client.get('/v1/sessions/sesn_nobody/background_tasks').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
  });

  it('client.get returns the background tasks of a known session', async () => {
    const body = (await client.get(`/v1/sessions/${DEMO.praxis.session}/background_tasks`)) as { data: unknown[] };
    expect(body.data.length).toBe(DEMO.praxis.taskCount);
  });
});
