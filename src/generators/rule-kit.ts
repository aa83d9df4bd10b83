/**
 * For every item rule of the contract: `repair` makes an object satisfy it (touching only the
 * fields the rule is about) and `break` makes it violate it. A valid object is a schema value
 * with every repair applied; an object that breaks rule R is a valid object with R's break
 * applied and then every other repair, so it breaks R and nothing else.
 */
import type { ItemRuleId, JsonObject } from '../contract/index.js';
import { isoBefore, isoFromMillis, millisFromIso } from './iso.js';

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
      t.error = { kind: 'timeout', message: 'deadline exceeded' };
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
      if (ARK_TERMINAL.includes(String(t.state)) && t.finished_at === undefined) t.finished_at = millisAfter(t.started_at ?? t.created_at, 5000);
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
      if (t.status !== 'input-required' && Array.isArray(t.input_required_call_ids) && t.input_required_call_ids.length > 0) del(t, 'input_required_call_ids');
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
};

/** Realistic relations no rule states (times in order), applied after the repairs. */
export function tidyTimes(face: string, item: JsonObject): void {
  if (face === 'ark') {
    const created = item.created_at as number;
    if (typeof item.started_at === 'number' && item.started_at < created) item.started_at = millisAfter(created, item.started_at % 60_000);
    const start = (item.started_at ?? created) as number;
    if (typeof item.finished_at === 'number' && item.finished_at < start) item.finished_at = millisAfter(start, item.finished_at % 600_000);
  }
  if (face === 'praxis' && typeof item.ended_at === 'string' && typeof item.started_at === 'string' && isoBefore(item.ended_at, item.started_at)) {
    item.ended_at = item.started_at;
  }
  if (face === 'everruns' && typeof item.updated_at === 'string' && typeof item.created_at === 'string' && isoBefore(item.updated_at, item.created_at)) {
    item.updated_at = item.created_at;
  }
}
