/**
 * The red team of red-team.ts against the in-process runner: every server the `conform` CLI
 * caught with both seeds (red-team-run.ts) stays caught, and the correct base servers pass.
 * The ones it missed are listed in MISSED_TODAY for the lead, with what a GET shows that the
 * runner could judge; this file asserts nothing about them beyond that they are accounted for.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/conformance/index.js';
import type { BuiltinFace } from '../../src/contract/face.js';
import { hostile } from '../helpers/hostile.js';
import { RED_TEAM, SETUP, serve } from './red-team.js';

const CAUGHT = [
  'ark.thread-filter-lost-on-cursor',
  'ark.several-states-lost-with-thread',
  'ark.two-tasks-one-id',
  'ark.cursor-repeats-the-last-item',
  'ark.result-in-list',
  'ark.error-code-on-succeeded',
  'ark.finished-at-keeps-moving',
  'ark.task-of-another-session',
  'ark.task-id-not-task-prefixed',
  'ark.thread-changes',
  'jsonrpc.user-filter-lost-on-cursor',
  'jsonrpc.session-filter-lost-with-status',
  'jsonrpc.ending-before-inclusive',
  'jsonrpc.created-at-keeps-moving',
  'jsonrpc.previous-task-is-itself',
  'praxis.sessions.agent-filter-lost-on-cursor',
  'praxis.sessions.cursor-repeats-the-last-item',
  'praxis.sessions.two-sessions-one-id',
  'praxis.sessions.created-at-gte-accepted',
  'praxis.sessions.usage-goes-down',
  'praxis.sessions.terminated-comes-back',
  'praxis.sessions.more-than-500-resources',
  'praxis.sessions.updated-before-created',
  'praxis.sessions.vault-ids-change',
  'praxis.tasks.thread-id-on-bash',
  'praxis.tasks.trigger-count-on-bash',
  'praxis.tasks.ended-before-started',
  'praxis.tasks.two-tasks-one-id',
  'praxis.tasks.trigger-count-goes-down',
  'praxis.tasks.ended-at-keeps-moving',
  'praxis.tasks.notified-before-started',
  'praxis.tasks.started-at-not-rfc3339',
  'everruns.kind-filter-lost-with-state',
  'everruns.two-tasks-one-id',
  'everruns.task-of-another-session',
  'everruns.root-is-own-session',
  'everruns.attempt-goes-down',
  'everruns.error-on-running',
  'everruns.succeeded-comes-back',
  'everruns.id-not-task-prefixed',
];

/** Missed by the CLI with seeds 1 and 2 (or caught by one seed only), for the lead: what a GET shows. */
const MISSED_TODAY: { name: string; judgeable: string }[] = [
  {
    name: 'ark.limit-7-gives-8',
    judgeable: 'caught with seed 1 only, when the property cases happen to draw limit=7: 8 items for limit 7',
  },
  {
    name: 'jsonrpc.limit-7-gives-8',
    judgeable: 'caught with seed 1 only, when the property cases happen to draw limit=7: 8 tasks for limit 7',
  },
  {
    name: 'praxis.sessions.limit-7-gives-8',
    judgeable: 'never caught: GET /v1/sessions?limit=7 lists 8 sessions; no probe sends a limit between 2 and 10',
  },
  { name: 'ark.started-before-submitted', judgeable: 'on one item: started_at < created_at' },
  { name: 'ark.limit-0-lists-a-page', judgeable: 'GET ?limit=0 answers 20 items (a page of 0 asked for)' },
  {
    name: 'ark.unknown-back-to-queued',
    judgeable: 'a task seen unknown, then queued: the document names running or a final state as what follows unknown',
  },
  {
    name: 'jsonrpc.canceled-keeps-producing-output',
    judgeable: 'a task seen canceled (or expired) twice with a longer output the second time',
  },
  { name: 'jsonrpc.never-started-has-output', judgeable: 'on one item: status created and a non-empty output' },
  {
    name: 'praxis.sessions.agent-version-accepted-with-agent-id',
    judgeable: 'GET /v1/sessions?agent_id=…&agent_version=1 answers 200 (agent_version is sent alone only)',
  },
  {
    name: 'praxis.sessions.repeated-statuses-accepted',
    judgeable: 'GET /v1/sessions?statuses=idle&statuses=running answers 200 (statuses is sent once only)',
  },
  {
    name: 'praxis.sessions.fork-in-another-directory',
    judgeable: 'a listed session whose forked_from.session_id names another listed session with a different cwd',
  },
  {
    name: 'praxis.tasks.started-before-its-session',
    judgeable: "a task's started_at earlier than its session's created_at in the same run's session list",
  },
  {
    name: 'praxis.tasks.subagent-without-thread',
    judgeable:
      'a subagent row with thread_id null (the table says null "for the primary thread", so this may be ambiguous)',
  },
  {
    name: 'everruns.input-request-id-not-stable',
    judgeable: 'a task seen awaiting_input twice in a row with a different input_request.id',
  },
  {
    name: 'everruns.artifact-in-both-places',
    judgeable: 'on one artifact: both path and url non-null (in the session filesystem and elsewhere at once)',
  },
];

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

/**
 * Caught only by the runner's property cases (a filter together with a cursor): with seed 1 they
 * need 25 to 40 cases (15 miss them); the rest are caught by walks, probes and polls, so 10 do.
 */
const NEEDS_PROPERTY_CASES = new Set([
  'ark.thread-filter-lost-on-cursor',
  'jsonrpc.user-filter-lost-on-cursor',
  'praxis.sessions.agent-filter-lost-on-cursor',
]);

async function conform(face: BuiltinFace, handler: Parameters<typeof hostile>[0], runs = 10) {
  const server = await hostile(handler);
  closers.push(server.close);
  return runConformance({
    face,
    baseUrl: `${server.url}${SETUP[face].path}`,
    session: SETUP[face].session,
    seed: 1,
    runs,
    polls: 2,
    pollIntervalMs: 5,
  });
}

describe('the red team (servers broken from the documents alone)', () => {
  it('accounts for every server: caught or listed as missed', () => {
    const listed = [...CAUGHT, ...MISSED_TODAY.map((m) => m.name)].sort();
    expect(listed).toEqual(RED_TEAM.map((s) => s.name).sort());
  });

  for (const face of ['ark', 'jsonrpc', 'praxis', 'everruns'] as const) {
    it(`the correct ${face} base server passes`, async () => {
      const result = await conform(face, SETUP[face].make());
      expect(result.violations.map((v) => `${v.rule}: ${v.message}`)).toEqual([]);
      expect(result.exitCode).toBe(0);
    });
  }

  for (const name of CAUGHT) {
    const broken = RED_TEAM.find((s) => s.name === name);
    it(`${name} stays caught`, async () => {
      expect(broken, `${name} is not a server of red-team.ts`).toBeDefined();
      const result = await conform(broken!.face, serve(broken!), NEEDS_PROPERTY_CASES.has(name) ? 40 : 10);
      expect(result.exitCode).toBe(1);
      expect(result.violations.length).toBeGreaterThan(0);
    });
  }
});
