/**
 * The red team of red-team.ts against the in-process runner: every server the `conform` CLI
 * caught with both seeds (red-team-run.ts) stays caught, and the correct base servers pass.
 * The ones it does not catch are listed in NOT_VIOLATIONS, each with the unit of the sentence
 * table whose note says why the documents do not make it a violation.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { conformAgainst } from './conform.js';
import type { FamilyApi } from './family.js';
import { RED_TEAM, serve } from './red-team.js';
import { type Handler, SETUP } from './servers.js';

/** Each server caught, with seeds 1 and 2 alike, and the rule that names its break. */
const CAUGHT: Record<string, string> = {
  'praxis.sessions.repeated-statuses-accepted': 'praxis.sessions.unsupported-filter-400',
  'praxis.sessions.agent-version-accepted-with-agent-id': 'praxis.sessions.unsupported-filter-400',
  'jsonrpc.canceled-keeps-producing-output': 'jsonrpc.final-content-fixed',
  'jsonrpc.never-started-has-output': 'jsonrpc.nothing-produced-before-start',
  'ark.limit-7-gives-8': 'ark.limit-respected',
  'ark.thread-filter-lost-on-cursor': 'ark.filter-session_thread_id',
  'ark.several-states-lost-with-thread': 'ark.filter-state',
  'ark.two-tasks-one-id': 'ark.ids-unique',
  'ark.cursor-repeats-the-last-item': 'ark.no-duplicates-across-pages',
  'ark.result-in-list': 'ark.response-schema',
  'ark.error-code-on-succeeded': 'ark.error-only-when-failed-cancelled-or-unknown',
  'ark.finished-at-keeps-moving': 'ark.past-events-fixed',
  'ark.task-of-another-session': 'ark.items-belong-to-session',
  'ark.task-id-not-task-prefixed': 'ark.response-schema',
  'ark.thread-changes': 'ark.immutable-fields',
  'ark.unknown-back-to-queued': 'ark.filter-state',
  'jsonrpc.limit-7-gives-8': 'jsonrpc.limit-respected',
  'jsonrpc.user-filter-lost-on-cursor': 'jsonrpc.filter-user_id',
  'jsonrpc.session-filter-lost-with-status': 'jsonrpc.filter-session_id',
  'jsonrpc.ending-before-inclusive': 'jsonrpc.cursor-exclusive',
  'jsonrpc.created-at-keeps-moving': 'jsonrpc.immutable-fields',
  'jsonrpc.previous-task-is-itself': 'jsonrpc.previous-task-not-self',
  'praxis.sessions.limit-7-gives-8': 'praxis.sessions.limit-respected',
  'praxis.sessions.agent-filter-lost-on-cursor': 'praxis.sessions.filter-agent_id',
  'praxis.sessions.cursor-repeats-the-last-item': 'praxis.sessions.no-duplicates-across-pages',
  'praxis.sessions.two-sessions-one-id': 'praxis.sessions.ids-unique',
  'praxis.sessions.created-at-gte-accepted': 'praxis.sessions.unsupported-filter-400',
  'praxis.sessions.usage-goes-down': 'praxis.sessions.counters-never-decrease',
  'praxis.sessions.terminated-comes-back': 'praxis.sessions.lifecycle-forward',
  'praxis.sessions.more-than-500-resources': 'praxis.response-schema',
  'praxis.sessions.updated-before-created': 'praxis.session-updated-not-before-created',
  'praxis.sessions.vault-ids-change': 'praxis.sessions.creation-snapshot-fixed',
  'praxis.tasks.thread-id-on-bash': 'praxis.thread-id-only-for-subagents',
  'praxis.tasks.trigger-count-on-bash': 'praxis.trigger-count-only-for-monitors',
  'praxis.tasks.ended-before-started': 'praxis.task-times-in-order',
  'praxis.tasks.two-tasks-one-id': 'praxis.background-tasks.ids-unique',
  'praxis.tasks.trigger-count-goes-down': 'praxis.background-tasks.counters-never-decrease',
  'praxis.tasks.ended-at-keeps-moving': 'praxis.background-tasks.past-events-fixed',
  'praxis.tasks.notified-before-started': 'praxis.task-times-in-order',
  'praxis.tasks.started-at-not-rfc3339': 'praxis.response-schema',
  'everruns.kind-filter-lost-with-state': 'everruns.filter-kind',
  'everruns.two-tasks-one-id': 'everruns.ids-unique',
  'everruns.task-of-another-session': 'everruns.items-belong-to-session',
  'everruns.root-is-own-session': 'everruns.root-session-not-self',
  'everruns.attempt-goes-down': 'everruns.counters-never-decrease',
  'everruns.error-on-running': 'everruns.error-only-when-failed-or-canceled',
  'everruns.succeeded-comes-back': 'everruns.lifecycle-forward',
  'everruns.id-not-task-prefixed': 'everruns.response-schema',
  'ark.limit-0-lists-a-page': 'ark.limit-respected',
  'everruns.input-request-id-not-stable': 'everruns.stable-input-request-id',
  'jsonrpc.ending-before-ignores-limit': 'jsonrpc.limit-respected',
  'jsonrpc.ending-before-ignores-filters': 'jsonrpc.filter-session_id',
  'jsonrpc.keyset-ties-skipped': 'jsonrpc.paging-skips-nothing',
  'everruns.running-task-renamed-per-read': 'everruns.ids-stable',
  'everruns.running-task-renamed-every-other-read': 'everruns.ids-stable',
  'jsonrpc.one-too-many-from-26': 'jsonrpc.limit-respected',
  'jsonrpc.two-problems-detail-object': 'jsonrpc.error-format',
  'praxis.sessions.created-at-gte-accepted-on-later-pages': 'praxis.sessions.unsupported-filter-400',
};

/**
 * Not caught, because the documents do not make them violations: each names the unit of
 * specs/sentences.yaml whose note says why, and quotes that reason from the note.
 */
const NOT_VIOLATIONS: { name: string; judgeable: string; unit: string; reason: string }[] = [
  {
    name: 'ark.started-before-submitted',
    judgeable: 'on one item: started_at < created_at',
    unit: '002-084-4b3c12',
    reason: 'a bash command runs before it becomes a background task',
  },
  {
    name: 'praxis.sessions.fork-in-another-directory',
    judgeable: 'a listed session whose forked_from.session_id names another listed session with a different cwd',
    unit: '004-099-71c6ce',
    reason: "either session's cwd may have changed since",
  },
  {
    name: 'praxis.tasks.started-before-its-session',
    judgeable: "a task's started_at earlier than its session's created_at in the same run's session list",
    unit: '000-005-93bc8f',
    reason: "a fork may carry on its source's tasks",
  },
  {
    name: 'praxis.tasks.subagent-without-thread',
    judgeable: 'a subagent row with thread_id null',
    unit: '000-012-add1c1',
    reason: 'which allows null whatever the kind',
  },
  {
    name: 'praxis.tasks.lookalike-session-200',
    judgeable: 'a 200 for sesn_133 beside the listed sesn_000 to sesn_022, where sesn_133 names no session',
    unit: '000-020-14b067',
    reason: 'an unlisted id of the listed form may name an archived session',
  },
  {
    name: 'everruns.artifact-in-both-places',
    judgeable: 'on one artifact: both path and url non-null (in the session filesystem and elsewhere at once)',
    unit: '001-029-40d0ef',
    reason: "each 'when' says when that field is set, not that only one may be",
  },
];

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

const conform = (api: FamilyApi, handler: Handler, seed = 1) =>
  conformAgainst(api, handler, { seed, runs: 0, polls: 2, pollIntervalMs: 5 }, closers);

describe('the red team (servers broken from the documents alone)', () => {
  it('accounts for every server: caught or listed as missed', () => {
    const listed = [...Object.keys(CAUGHT), ...NOT_VIOLATIONS.map((m) => m.name)].sort();
    expect(listed).toEqual(RED_TEAM.map((s) => s.name).sort());
  });

  it('every server not caught names a unit of the sentence table that says why, in a note', async () => {
    const table = parse(await readFile(new URL('../../specs/sentences.yaml', import.meta.url), 'utf8')) as Record<
      string,
      { id: string; note?: string; consequences?: { note?: string }[] }[]
    >;
    // The unit's own note, or the notes of its consequences (the reason sits beside the one excused).
    const notes = new Map(
      Object.values(table).flatMap((units) =>
        units.map((u) => [u.id, [u.note, ...(u.consequences ?? []).map((c) => c.note)].join(' ')] as const),
      ),
    );
    for (const { name, unit, reason } of NOT_VIOLATIONS) expect(notes.get(unit), `${name}: ${unit}`).toContain(reason);
  });

  for (const api of ['ark', 'jsonrpc', 'praxis', 'everruns'] as const) {
    it(`the correct ${api} base server passes`, async () => {
      const result = await conform(api, SETUP[api].make());
      expect(result.violations.map((v) => `${v.law}: ${v.message}`)).toEqual([]);
      expect(result.exitCode).toBe(0);
    });
  }

  for (const [name, rule] of Object.entries(CAUGHT)) {
    const broken = RED_TEAM.find((s) => s.name === name);
    it(`${name} stays caught, as ${rule}`, async () => {
      expect(broken, `${name} is not a server of red-team.ts`).toBeDefined();
      const result = await conform(broken!.api, serve(broken!));
      expect(result.exitCode).toBe(1);
      expect(result.violations.map((v) => v.law)).toContain(rule);
    });
  }
});
