/** How to repair and to break each jsonrpc item rule (see src/generators/rule-kit.ts). */

import { del, type RuleKit } from '../../generators/rule-kit.js';
import type { jsonrpcRules } from './rules.js';

export const jsonrpcKits = {
  'jsonrpc.input-required-call-ids-only-while-input-required': {
    breaks:
      'gives a task that does not require input input_required_call_ids ["call_pending"] (an ' +
      'input-required one becomes working)',
    members: ['status', 'input_required_call_ids'],
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
  'jsonrpc.nothing-produced-before-start': {
    breaks: 'makes a task created (not started) and gives it one output item, an assistant message',
    members: ['status', 'output'],
    repair(t) {
      if (t.status === 'created' && Array.isArray(t.output) && t.output.length > 0) t.output = [];
    },
    break(t) {
      t.status = 'created';
      del(t, 'input_required_call_ids');
      t.output = [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'early' }] }];
    },
  },
  'jsonrpc.created-at-unix-seconds': {
    breaks: 'writes created_at in milliseconds instead of seconds',
    members: ['created_at'],
    repair(t) {
      const v = t.created_at;
      if (typeof v === 'number' && (v < 1e9 || v >= 1e10)) t.created_at = 1e9 + (v % 1e9);
    },
    break(t) {
      t.created_at = (t.created_at as number) * 1000;
    },
  },
  'jsonrpc.envelope-result-xor-error': {
    breaks: 'gives the envelope an error beside its result',
    members: ['result', 'error'],
    repair(e) {
      if (e.result !== undefined && e.result !== null && e.error !== undefined && e.error !== null) del(e, 'error');
    },
    break(e) {
      e.result = Array.isArray(e.result) ? e.result : [];
      e.error = { code: -32603, message: 'Internal error' };
    },
  },
  'jsonrpc.previous-task-not-self': {
    breaks: "sets previous_task_id to the task's own id",
    members: ['previous_task_id', 'id'],
    repair(t) {
      if (t.previous_task_id !== undefined && t.previous_task_id === t.id) del(t, 'previous_task_id');
    },
    break(t) {
      t.previous_task_id = t.id;
    },
  },
} satisfies Record<(typeof jsonrpcRules)[number]['id'], RuleKit>;
