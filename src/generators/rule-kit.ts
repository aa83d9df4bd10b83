/**
 * For every item rule of the contract: `repair` makes an object satisfy it (touching only the
 * fields the rule is about) and `break` makes it violate it. A valid object is a schema value
 * with every repair applied; an object that breaks rule R is a valid object with R's break
 * applied and then every other repair, so it breaks R and nothing else.
 */
import type { ItemRuleId } from '../contract/rules/index.js';
import type { JsonObject } from '../contract/rules/types.js';
import { forkSource, isNormalizedPath } from '../contract/rules/praxis.js';
import { isoFromMillis, millisFromIso } from './iso.js';

export interface RuleKit {
  repair(item: JsonObject): void;
  break(item: JsonObject): void;
}

/** The largest instant RFC 3339 can write with a four-digit year. */
const MAX_RFC3339_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** The largest 13-digit Unix millisecond value. */
const MAX_MILLIS = 9_999_999_999_999;
const iso = (ms: number) => isoFromMillis(Math.min(ms, MAX_RFC3339_MS));
const millisAfter = (base: unknown, ms: number) => Math.min(Number(base) + ms, MAX_MILLIS);
const isoPlus = (value: unknown, ms: number) => {
  const base = typeof value === 'string' ? millisFromIso(value) : Number.NaN;
  return iso((Number.isFinite(base) ? base : Date.UTC(2026, 10, 29)) + ms);
};
const del = (item: JsonObject, key: string) => {
  delete item[key];
};

const ARK_TERMINAL = ['succeeded', 'failed', 'cancelled'];
const relativeUrl = (a: unknown) =>
  typeof a === 'object' &&
  a !== null &&
  typeof (a as JsonObject).url === 'string' &&
  !/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/\S/.test((a as JsonObject).url as string);

export const RULE_KITS: Record<ItemRuleId, RuleKit> = {
  'praxis.ended-at-null-exactly-while-running': {
    repair(t) {
      if (t.status === 'running') t.ended_at = null;
      else if (t.ended_at === null || t.ended_at === undefined) t.ended_at = isoPlus(t.started_at, 60_000);
    },
    break(t) {
      if (t.status === 'running') t.ended_at = isoPlus(t.started_at, 60_000);
      else t.ended_at = null;
    },
  },
  'praxis.cancellable-only-when-running': {
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
    repair(t) {
      if (t.kind !== 'monitor') t.trigger_count = null;
    },
    break(t) {
      if (t.kind === 'monitor') t.kind = 'bash';
      t.trigger_count = 2;
    },
  },
  'praxis.thread-id-only-for-subagents': {
    repair(t) {
      if (t.kind !== 'subagent') t.thread_id = null;
    },
    break(t) {
      if (t.kind === 'subagent') t.kind = 'bash';
      t.thread_id = 'thread_main';
    },
  },
  'praxis.session-environment-xor-computer': {
    repair(s) {
      if (typeof s.environment_id === 'string' && typeof s.computer_id === 'string') del(s, 'computer_id');
    },
    break(s) {
      s.environment_id = typeof s.environment_id === 'string' ? s.environment_id : 'env_sandbox';
      s.computer_id = 'cmp_owned';
    },
  },
  'praxis.session-list-excludes-archived': {
    repair(s) {
      s.archived_at = null;
    },
    break(s) {
      s.archived_at = isoPlus(s.created_at, 3_600_000);
    },
  },
  'everruns.input-request-only-while-awaiting-input': {
    repair(t) {
      if (t.state !== 'awaiting_input' && t.input_request !== undefined) t.input_request = null;
    },
    break(t) {
      if (t.state === 'awaiting_input') t.state = 'running';
      t.input_request = { id: 'ask_stale', prompt: 'Which branch should I use?' };
    },
  },
  'everruns.attempt-starts-at-1': {
    repair(t) {
      if (typeof t.attempt === 'number' && t.attempt < 1) t.attempt = 1;
    },
    break(t) {
      t.attempt = 0;
    },
  },
  'everruns.result-path-shape': {
    repair(t) {
      if (typeof t.result_path === 'string') t.result_path = `/.tasks/${String(t.id)}/result.json`;
    },
    break(t) {
      t.result_path = `/tasks/${String(t.id)}.json`;
    },
  },
  'everruns.error-only-when-failed-or-canceled': {
    repair(t) {
      if (!['failed', 'canceled'].includes(String(t.state)) && t.error !== undefined) t.error = null;
    },
    break(t) {
      if (t.state === 'failed' || t.state === 'canceled' || t.state === 'awaiting_input') t.state = 'succeeded';
      // orphaned, not timeout: timeout and rejection on a task that did not fail break another rule.
      t.error = { kind: 'orphaned', message: 'the worker went away' };
    },
  },
  'everruns.root-session-not-self': {
    repair(t) {
      if (t.root_session_id === t.session_id) t.root_session_id = null;
    },
    break(t) {
      t.root_session_id = t.session_id;
    },
  },
  'ark.started-at-absent-before-start': {
    repair(t) {
      if (t.state === 'queued') del(t, 'started_at');
    },
    break(t) {
      t.state = 'queued';
      t.started_at = millisAfter(t.created_at, 1000);
    },
  },
  'ark.started-at-present-once-running': {
    repair(t) {
      if (t.state === 'running' && t.started_at === undefined) t.started_at = millisAfter(t.created_at, 1000);
    },
    break(t) {
      t.state = 'running';
      del(t, 'started_at');
    },
  },
  'ark.finished-at-only-when-terminal': {
    repair(t) {
      if (!ARK_TERMINAL.includes(String(t.state))) del(t, 'finished_at');
    },
    break(t) {
      if (ARK_TERMINAL.includes(String(t.state))) t.state = 'unknown';
      t.finished_at = millisAfter(t.started_at ?? t.created_at, 5000);
    },
  },
  'ark.finished-at-when-terminal': {
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
    repair(t) {
      if (!['failed', 'cancelled', 'unknown'].includes(String(t.state))) {
        del(t, 'error_code');
        del(t, 'error_message');
      }
    },
    break(t) {
      if (['failed', 'cancelled', 'unknown'].includes(String(t.state))) t.state = 'succeeded';
      t.error_code = 'internal';
    },
  },
  'ark.times-are-unix-millis': {
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
  'jsonrpc.input-required-call-ids-only-while-input-required': {
    repair(t) {
      if (
        t.status !== 'input-required' &&
        Array.isArray(t.input_required_call_ids) &&
        t.input_required_call_ids.length > 0
      )
        del(t, 'input_required_call_ids');
    },
    break(t) {
      if (t.status === 'input-required') t.status = 'working';
      t.input_required_call_ids = ['call_pending'];
    },
  },
  'jsonrpc.created-at-unix-seconds': {
    repair(t) {
      const v = t.created_at;
      if (typeof v === 'number' && (v < 1e9 || v >= 1e10)) t.created_at = 1e9 + (v % 1e9);
    },
    break(t) {
      t.created_at = (t.created_at as number) * 1000;
    },
  },
  'jsonrpc.envelope-result-xor-error': {
    repair(e) {
      if (e.result !== undefined && e.result !== null && e.error !== undefined && e.error !== null) del(e, 'error');
    },
    break(e) {
      e.result = Array.isArray(e.result) ? e.result : [];
      e.error = { code: -32603, message: 'Internal error' };
    },
  },
  'praxis.task-times-in-order': {
    repair(t) {
      if (typeof t.started_at !== 'string') return;
      const started = millisFromIso(t.started_at);
      for (const key of ['ended_at', 'notified_at']) {
        const at = t[key];
        if (typeof at === 'string' && millisFromIso(at) < started) t[key] = t.started_at;
      }
    },
    break(t) {
      t.started_at = '2026-11-29T10:00:00.000Z';
      t.notified_at = '2026-11-29T09:59:00.000Z';
      if (typeof t.ended_at === 'string') t.ended_at = '2026-11-29T10:01:00.000Z';
    },
  },
  'praxis.session-updated-not-before-created': {
    repair(s) {
      if (
        typeof s.created_at === 'string' &&
        typeof s.updated_at === 'string' &&
        millisFromIso(s.updated_at) < millisFromIso(s.created_at)
      )
        s.updated_at = s.created_at;
    },
    break(s) {
      const created = typeof s.created_at === 'string' ? millisFromIso(s.created_at) : Number.NaN;
      if (Number.isFinite(created) && created >= 3_600_000) s.updated_at = iso(created - 3_600_000);
      else {
        s.created_at = '2026-11-29T10:00:00.000Z';
        s.updated_at = '2026-11-29T09:00:00.000Z';
      }
    },
  },
  'praxis.session-cwd-normalized': {
    repair(s) {
      if (typeof s.cwd === 'string' && !isNormalizedPath(s.cwd)) s.cwd = '/home/user/workspace';
    },
    break(s) {
      s.cwd = '/home/user//workspace/./src';
    },
  },
  'praxis.session-not-forked-from-itself': {
    repair(s) {
      if (forkSource(s) !== undefined && forkSource(s) === s.id) s.forked_from = null;
    },
    break(s) {
      s.forked_from = { session_id: s.id };
    },
  },
  'everruns.task-times-in-order': {
    repair(t) {
      if (typeof t.created_at !== 'string') return;
      const created = millisFromIso(t.created_at);
      for (const key of ['updated_at', 'started_at', 'finished_at', 'heartbeat_at', 'cancel_requested_at']) {
        const at = t[key];
        if (typeof at === 'string' && millisFromIso(at) < created) t[key] = t.created_at;
      }
      if (
        typeof t.started_at === 'string' &&
        typeof t.finished_at === 'string' &&
        millisFromIso(t.finished_at) < millisFromIso(t.started_at)
      )
        t.finished_at = t.started_at;
    },
    break(t) {
      const created = typeof t.created_at === 'string' ? millisFromIso(t.created_at) : Number.NaN;
      if (Number.isFinite(created) && created >= 1000) t.updated_at = iso(created - 1000);
      else {
        t.created_at = '2026-11-29T10:00:00.000Z';
        t.updated_at = '2026-11-29T09:59:59.000Z';
      }
    },
  },
  'everruns.timeout-rejection-only-on-failed': {
    repair(t) {
      const error = t.error as JsonObject | null | undefined;
      if (
        error &&
        typeof error === 'object' &&
        ['timeout', 'rejection'].includes(String(error.kind)) &&
        t.state !== 'failed'
      )
        t.error = { ...error, kind: 'orphaned' };
    },
    break(t) {
      t.state = 'canceled';
      t.error = { kind: 'timeout', message: 'deadline exceeded' };
    },
  },
  'everruns.child-session-not-own-session': {
    repair(t) {
      const links = t.links as JsonObject | undefined;
      if (links && typeof links === 'object' && links.child_session_id === t.session_id)
        t.links = { ...links, child_session_id: null };
    },
    break(t) {
      t.links = { ...((t.links as JsonObject | undefined) ?? {}), child_session_id: t.session_id };
    },
  },
  'ark.task-times-in-order': {
    repair(t) {
      const floor = Math.max(t.created_at as number, typeof t.started_at === 'number' ? t.started_at : 0);
      if (typeof t.finished_at === 'number' && t.finished_at < floor) t.finished_at = floor;
    },
    break(t) {
      // One millisecond before creation, kept within 13 digits (ark.times-are-unix-millis).
      if ((t.created_at as number) - 1 < 1e12) t.created_at = (t.created_at as number) + 1;
      t.state = 'succeeded';
      t.finished_at = (t.created_at as number) - 1;
      if (typeof t.started_at === 'number' && t.started_at > (t.finished_at as number))
        t.started_at = (t.finished_at as number) - 1;
    },
  },
  'everruns.artifact-url-absolute': {
    repair(t) {
      if (Array.isArray(t.artifacts) && t.artifacts.some(relativeUrl))
        t.artifacts = t.artifacts.map((a, i) =>
          relativeUrl(a) ? { ...(a as JsonObject), url: `https://example.com/artifacts/${i}` } : a,
        );
    },
    break(t) {
      t.artifacts = [
        ...(Array.isArray(t.artifacts) ? t.artifacts : []),
        { name: 'log', type: 'url', url: 'artifacts/log.txt' },
      ];
    },
  },
  'jsonrpc.previous-task-not-self': {
    repair(t) {
      if (t.previous_task_id !== undefined && t.previous_task_id === t.id) del(t, 'previous_task_id');
    },
    break(t) {
      t.previous_task_id = t.id;
    },
  },
};
