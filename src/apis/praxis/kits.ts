/** How to repair and to break each praxis item rule (see src/generators/rule-kit.ts). */

import { isObject } from '../../contract/rules/types.js';
import { del, isoPlus, type RuleKit } from '../../generators/rule-kit.js';
import type { praxisRules } from './rules.js';
import { forkSource, isNormalizedPath } from './rules.js';

export const praxisKits = {
  'praxis.ended-at-null-exactly-while-running': {
    breaks:
      "gives a running task an ended_at (a minute after started_at), or sets a finished task's ended_at to null " +
      '(a lost one becomes failed first)',
    members: ['status', 'ended_at', 'started_at'],
    repair(t) {
      if (t.status === 'running') t.ended_at = null;
      else if (t.ended_at === null || t.ended_at === undefined) t.ended_at = isoPlus(t.started_at, 60_000);
    },
    break(t) {
      if (t.status === 'running') t.ended_at = isoPlus(t.started_at, 60_000);
      else {
        // A lost task may have no end: a failed one has one.
        if (t.status === 'lost') t.status = 'failed';
        t.ended_at = null;
      }
    },
  },
  'praxis.cancellable-only-when-running': {
    breaks:
      'sets cancellable to true on a task that is not running (a running one is first marked ' +
      'completed, with an ended_at)',
    members: ['status', 'cancellable'],
    repair(t) {
      if (t.status !== 'running') t.cancellable = false;
    },
    break(t) {
      if (t.status === 'running') {
        t.status = 'completed';
        t.ended_at = isoPlus(t.started_at, 60_000);
      }
      t.cancellable = true;
    },
  },
  'praxis.trigger-count-only-for-monitors': {
    breaks: 'sets trigger_count to 2 on a task of another kind than monitor (a monitor becomes a bash task)',
    members: ['kind', 'trigger_count'],
    repair(t) {
      if (t.kind !== 'monitor') t.trigger_count = null;
    },
    break(t) {
      if (t.kind === 'monitor') t.kind = 'bash';
      t.trigger_count = 2;
    },
  },
  'praxis.thread-id-only-for-subagents': {
    breaks: 'sets thread_id to "thread_main" on a task of another kind than subagent (a subagent becomes a bash task)',
    members: ['kind', 'thread_id'],
    repair(t) {
      if (t.kind !== 'subagent') t.thread_id = null;
    },
    break(t) {
      if (t.kind === 'subagent') t.kind = 'bash';
      t.thread_id = 'thread_main';
    },
  },
  'praxis.session-environment-xor-computer': {
    breaks: 'gives a session both an environment_id and computer_id "cmp_owned"',
    members: ['environment_id', 'computer_id'],
    repair(s) {
      if (typeof s.environment_id === 'string' && typeof s.computer_id === 'string') del(s, 'computer_id');
    },
    break(s) {
      s.environment_id = typeof s.environment_id === 'string' ? s.environment_id : 'env_sandbox';
      s.computer_id = 'cmp_owned';
    },
  },
  'praxis.session-list-excludes-archived': {
    breaks: "sets the session's archived_at to an hour after its created_at",
    members: ['archived_at'],
    repair(s) {
      s.archived_at = null;
    },
    break(s) {
      s.archived_at = isoPlus(s.created_at, 3_600_000);
    },
  },
  'praxis.session-cwd-normalized': {
    breaks: 'sets cwd to "/home/user//workspace/./src"',
    members: ['cwd'],
    repair(s) {
      if (typeof s.cwd === 'string' && !isNormalizedPath(s.cwd)) s.cwd = '/home/user/workspace';
    },
    break(s) {
      s.cwd = '/home/user//workspace/./src';
    },
  },
  'praxis.session-budget-names-its-ceiling': {
    breaks: 'gives the session a budget of type limit without max_list_cost',
    members: ['budget'],
    repair(s) {
      const budget = s.budget;
      if (isObject(budget) && !('max_list_cost' in budget))
        budget.max_list_cost = { amount: '100.00', currency: 'USD' };
    },
    break(s) {
      s.budget = { type: 'limit' };
    },
  },
  'praxis.session-not-forked-from-itself': {
    breaks: "sets forked_from.session_id to the session's own id",
    members: ['forked_from', 'id'],
    repair(s) {
      if (forkSource(s) !== undefined && forkSource(s) === s.id) s.forked_from = null;
    },
    break(s) {
      s.forked_from = { session_id: s.id };
    },
  },
} satisfies Record<(typeof praxisRules)[number]['id'], RuleKit>;
