/**
 * The time family (`timeOrder` in each API's operation data, one law in src/contract/laws/times.ts):
 * objects whose times are in the documented order pass, and each break is caught by its own law
 * alone, on a page (the runner, the matcher), by `checkItem` and by the mock's store; the
 * generators repair it from the same data, and the mock's fault breaks it.
 */

import { beforeAll, describe, expect, it } from 'vitest';
import { MockApp } from '../../src/apis/mock-functions.js';
import { DEMO } from '../../src/apis/mocks.js';
import { responseInStream } from '../../src/contract/event-stream.js';
import { checkItem, type JsonObject } from '../../src/contract/index.js';
import { handshakeOf, jsonRpcBinding, judgedAnswer, requestText } from '../../src/contract/json-rpc.js';
import { checkListPage, type Exchange, lawsOf } from '../../src/contract/laws/index.js';
import { allOperations, type ListOperation } from '../../src/contract/operations.js';
import { validateComponent } from '../../src/contract/validate.js';
import { repair } from '../../src/generators/repair.js';
import type { MockRequest, MockResponse } from '../../src/handlers/types.js';
import { arkTask, everrunsTask, langgraphRun, mcpTask, praxisSession, praxisTask } from '../fixtures.js';
import { BUILTIN } from '../helpers/apis.js';

/** The mock's request for an operation's first page: a GET, or a JSON-RPC call in the session a handshake opened. */
function requestOf(op: ListOperation, path: string, session: string): MockRequest {
  const query = new URLSearchParams();
  const handshake = handshakeOf(op);
  if (!jsonRpcBinding(op)) return { method: 'GET', path, query };
  const headers = handshake ? { [handshake.header.toLowerCase()]: session } : {};
  return { method: 'POST', path, query, body: requestText(op, []), headers };
}

/** An answer as a GET's: a JSON-RPC call's result (read from its event stream where it came as one). */
function answerOf(op: ListOperation, response: MockResponse): { body: unknown } {
  if (!jsonRpcBinding(op)) return response;
  const text = response.raw ?? JSON.stringify(response.body);
  return { body: judgedAnswer(response.status, JSON.parse(responseInStream(text) ?? text)).body };
}

/** For every time order: objects in order and objects out of it (which the runner's schema still accepts). */
const EXAMPLES: Record<string, { component: string; good: JsonObject[]; bad: JsonObject[] }> = {
  'praxis.task-times-in-order': {
    component: 'BackgroundTask',
    good: [
      praxisTask(),
      {
        ...praxisTask(),
        status: 'completed',
        cancellable: false,
        ended_at: '2026-11-29T10:00:00Z',
        notified_at: '2026-11-29T10:00:00Z',
      },
      { ...praxisTask(), notified_at: '2026-11-29T18:00:00+08:00' },
    ],
    bad: [
      { ...praxisTask(), status: 'failed', cancellable: false, ended_at: '2026-11-29T09:59:59Z' },
      { ...praxisTask(), notified_at: '2026-11-29T17:59:00+08:00' },
    ],
  },
  'langgraph.run-times-in-order': {
    component: 'Run',
    good: [langgraphRun(), { ...langgraphRun(), updated_at: '2026-11-29T10:00:00Z' }],
    bad: [{ ...langgraphRun(), updated_at: '2026-11-29T09:59:59.999Z' }],
  },
  'mcp.task-times-in-order': {
    component: 'Task',
    good: [mcpTask(), { ...mcpTask(), lastUpdatedAt: '2026-11-29T10:00:00Z' }],
    bad: [{ ...mcpTask(), lastUpdatedAt: '2026-11-29T09:59:59.999Z' }],
  },
  'praxis.session-updated-not-before-created': {
    component: 'Session',
    good: [
      praxisSession(),
      { ...praxisSession(), updated_at: '2026-11-29T10:00:01Z' },
      { ...praxisSession(), updated_at: '2026-11-29T18:00:00+08:00' },
    ],
    bad: [{ ...praxisSession(), updated_at: '2026-11-29T09:59:59Z' }],
  },
  'everruns.task-times-in-order': {
    component: 'Task',
    good: [
      everrunsTask(),
      {
        ...everrunsTask(),
        state: 'succeeded',
        started_at: '2026-11-29T10:00:00Z',
        finished_at: '2026-11-29T10:00:00Z',
        heartbeat_at: null,
        cancel_requested_at: '2026-11-29T10:00:00.5Z',
      },
    ],
    bad: [
      { ...everrunsTask(), updated_at: '2026-11-29T09:59:59Z' },
      { ...everrunsTask(), started_at: '2026-11-29T10:00:05Z', finished_at: '2026-11-29T10:00:04Z' },
      { ...everrunsTask(), heartbeat_at: '2026-11-29T17:59:00+08:00' },
    ],
  },
  'ark.task-times-in-order': {
    component: 'Task',
    good: [
      arkTask(),
      { ...arkTask(), state: 'succeeded', started_at: 1_764_410_400_000, finished_at: 1_764_410_400_000 },
      // Started before it was submitted as a task: a bash command turned into a background task.
      { ...arkTask(), started_at: 1_764_410_399_000 },
    ],
    bad: [
      { ...arkTask(), state: 'failed', finished_at: 1_764_410_399_999 },
      { ...arkTask(), state: 'failed', finished_at: 1_764_410_400_500 },
    ],
  },
};

const instances = allOperations(BUILTIN).flatMap((op) => (op.timeOrder ?? []).map((member) => ({ op, member })));
const page = (op: ListOperation, items: JsonObject[]): Exchange => {
  const body = op.itemsPointer === '' ? items : { [op.itemsPointer.slice(1)]: items, next_page: null };
  return { url: 'http://127.0.0.1/x', query: [], status: 200, contentType: 'application/json', body };
};
const lawIdsOf = (violations: readonly { law: string }[]) => [...new Set(violations.map((v) => v.law))];

describe('the time family', () => {
  let app: MockApp;
  beforeAll(async () => {
    app = await MockApp.create();
  });

  it('every time order has examples, and every example names one', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(instances.map(({ member }) => member.id).sort());
  });

  for (const { op, member } of instances) {
    const examples = EXAMPLES[member.id]!;
    describe(member.id, () => {
      it('is one law of its operation, with its document and sentence', () => {
        expect(lawsOf(op).filter((law) => law.id === member.id)).toHaveLength(1);
        expect(member.source.file).toMatch(/^specs\/sources\/[^/]+\.(?:txt|md)$/);
        expect(member.source.sentence.length).toBeGreaterThan(10);
      });
      it('passes objects in order, on a page and by checkItem', () => {
        for (const good of examples.good) {
          expect(validateComponent(op.api, examples.component, good, undefined, BUILTIN)).toEqual([]);
          expect(checkItem(op.api, op.target, good, undefined, BUILTIN)).toEqual([]);
          expect(lawIdsOf(checkListPage(op, page(op, [good])))).not.toContain(member.id);
        }
      });
      it('catches objects out of order, and only as itself, at the later time', () => {
        for (const bad of examples.bad) {
          expect(validateComponent(op.api, examples.component, bad, 'documented', BUILTIN)).toEqual([]);
          expect(lawIdsOf(checkItem(op.api, op.target, bad, undefined, BUILTIN))).toEqual([member.id]);
          const found = checkListPage(op, page(op, [structuredClone(examples.good[0]!), bad]));
          const mine = found.filter((v) => v.law === member.id);
          expect(mine.length).toBeGreaterThan(0);
          for (const v of mine) {
            expect(v.instancePath).toMatch(new RegExp(`^${op.itemsPointer}/1/`));
            expect(v.message).toMatch(/ is earlier than /);
            expect(v.source).toEqual(member.source);
          }
        }
      });
      it('the generators repair what is out of order', () => {
        for (const bad of examples.bad) {
          const fixed = repair(op.api, op.target, structuredClone(bad), undefined, BUILTIN);
          expect(lawIdsOf(checkItem(op.api, op.target, fixed, undefined, BUILTIN))).not.toContain(member.id);
        }
      });
    });
  }

  it('the order of the message is the pair as read: later field, its time, earlier field, its time', () => {
    const [v] = checkItem(
      'ark',
      'task',
      { ...arkTask(), state: 'failed', finished_at: 1_764_410_399_999 },
      undefined,
      BUILTIN,
    );
    expect(v).toMatchObject({
      law: 'ark.task-times-in-order',
      instancePath: '/finished_at',
      message: '/finished_at 1764410399999 is earlier than /created_at 1764410400000',
      value: 1_764_410_399_999,
    });
  });

  it("each law's fault puts the demo data's times out of order, and the law alone finds it on the page", () => {
    const sessions: Record<string, string> = {
      praxis: 'sesn_demo',
      everruns: 'demo',
      ark: 'sesn-demo',
      langgraph: '0a1b2c3d-0000-4000-8000-00000000de00',
      mcp: DEMO.mcp.session,
    };
    for (const { op, member } of instances) {
      const path = op.path.replace(/\{[a-z_]+\}/, sessions[op.api]!);
      const answer = (faults: string[]) => {
        app.faults = new Set(faults);
        const { body } = answerOf(op, app.respond(op.api, requestOf(op, path, sessions[op.api]!)));
        return checkListPage(op, {
          url: `http://127.0.0.1${path}`,
          query: [],
          status: 200,
          contentType: 'application/json',
          body,
        });
      };
      expect(lawIdsOf(answer([])), member.id).toEqual([]);
      expect(lawIdsOf(answer([member.id])), member.id).toEqual([member.id]);
    }
    app.faults = new Set();
  });

  it('the mock refuses to add a task whose times are out of order, naming the law', async () => {
    const partial = { status: 'failed' as const, ended_at: '2026-01-01T00:00:00Z', started_at: '2026-01-02T00:00:00Z' };
    await expect(app.addTasks('praxis', 'sesn_times', [partial])).rejects.toThrow(/praxis\.task-times-in-order/);
  });
});
