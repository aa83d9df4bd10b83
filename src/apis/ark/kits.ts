/** How to repair and to break each ark item rule (see src/generators/rule-kit.ts). */

import { del, millisAfter, type RuleKit } from '../../generators/rule-kit.js';
import { arkLifecycle, type arkRules } from './rules.js';

const ARK_TERMINAL: readonly string[] = arkLifecycle.terminal;

export const arkKits = {
  'ark.started-at-absent-before-start': {
    breaks: 'marks the task queued and gives it a started_at',
    members: ['state', 'started_at'],
    repair(t) {
      if (t.state === 'queued') del(t, 'started_at');
    },
    break(t) {
      t.state = 'queued';
      t.started_at = millisAfter(t.created_at, 1000);
    },
  },
  'ark.started-at-present-once-running': {
    breaks: 'marks the task running and removes its started_at',
    members: ['state', 'started_at', 'created_at'],
    repair(t) {
      if (t.state === 'running' && t.started_at === undefined) t.started_at = millisAfter(t.created_at, 1000);
    },
    break(t) {
      t.state = 'running';
      del(t, 'started_at');
    },
  },
  'ark.started-at-present-once-succeeded': {
    breaks: 'marks the task succeeded and removes its started_at',
    members: ['state', 'started_at', 'finished_at', 'created_at'],
    repair(t) {
      if (t.state === 'succeeded' && t.started_at === undefined)
        t.started_at = typeof t.finished_at === 'number' ? t.finished_at : millisAfter(t.created_at, 1000);
    },
    break(t) {
      t.state = 'succeeded';
      del(t, 'started_at');
      if (typeof t.finished_at !== 'number') t.finished_at = millisAfter(t.created_at, 5000);
    },
  },
  'ark.finished-at-only-when-terminal': {
    breaks: 'gives an unfinished task a finished_at (a finished one becomes unknown)',
    members: ['state', 'finished_at'],
    repair(t) {
      if (!ARK_TERMINAL.includes(String(t.state))) del(t, 'finished_at');
    },
    break(t) {
      if (ARK_TERMINAL.includes(String(t.state))) t.state = 'unknown';
      t.finished_at = millisAfter(t.started_at ?? t.created_at, 5000);
    },
  },
  'ark.finished-at-when-terminal': {
    breaks: 'removes finished_at from a finished task (an unfinished one becomes failed)',
    members: ['state', 'finished_at', 'started_at', 'created_at'],
    repair(t) {
      if (ARK_TERMINAL.includes(String(t.state)) && t.finished_at === undefined)
        t.finished_at = millisAfter(t.started_at ?? t.created_at, 5000);
    },
    break(t) {
      if (!ARK_TERMINAL.includes(String(t.state))) t.state = 'failed';
      del(t, 'finished_at');
    },
  },
  'ark.error-only-when-failed-cancelled-or-unknown': {
    breaks:
      'gives a task that is not failed, cancelled or unknown an error_code and an error_message (one that is ' +
      'becomes succeeded)',
    members: ['state', 'error_code', 'error_message'],
    repair(t) {
      if (!['failed', 'cancelled', 'unknown'].includes(String(t.state))) {
        del(t, 'error_code');
        del(t, 'error_message');
      }
    },
    break(t) {
      if (['failed', 'cancelled', 'unknown'].includes(String(t.state))) t.state = 'succeeded';
      // Both, as the documents give them (ark.present-together).
      t.error_code = 'internal';
      t.error_message = 'the worker restarted';
    },
  },
  'ark.times-are-unix-millis': {
    breaks: 'writes created_at in seconds instead of milliseconds',
    members: ['created_at', 'started_at', 'finished_at'],
    repair(t) {
      for (const key of ['created_at', 'started_at', 'finished_at']) {
        const v = t[key];
        if (typeof v === 'number' && (v < 1e12 || v >= 1e13)) t[key] = 1e12 + (v % 1e12);
      }
    },
    break(t) {
      t.created_at = Math.floor((t.created_at as number) / 1000);
    },
  },
} satisfies Record<(typeof arkRules)[number]['id'], RuleKit>;
