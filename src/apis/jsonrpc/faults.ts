/** JSON-RPC's law faults (003), each a transform around the documented listTasks. */

import type { LawId } from '../../contract/operations.js';
import type { JsonObject } from '../../contract/rules/types.js';
import {
  changedOnLaterWalks,
  numericId,
  renamedOnLaterReads,
  repeatedItem,
  revivesFinishedTasks,
  undocumentedField,
} from '../../handlers/faults/shared.js';
import { editItems, editQuery, type FaultTransform, lastValue, withBody } from '../../handlers/faults/transform.js';
import type { MockRequest } from '../../handlers/types.js';
import { type Detail, JSONRPC_DEFAULT_LIMIT, JSONRPC_MAX_LIMIT, jsonrpcStatuses, limitProblem } from './behaviour.js';

const validLimit = (request: MockRequest): number | undefined => {
  const raw = lastValue(request.query, 'limit');
  return raw !== undefined && !limitProblem(raw) ? Number(raw) : undefined;
};

/** The page after (or before) a task includes that task: the cursor read as inclusive. */
const inclusiveCursor = (
  directions: readonly ('starting_after' | 'ending_before')[],
  changes: string,
): FaultTransform => ({
  changes,
  response: (response, sent, context, op) => {
    const direction = directions.find((d) => sent.query.has(d));
    const pivot = direction && context.store.task('jsonrpc', lastValue(sent.query, direction)!);
    if (!direction || !pivot) return response;
    const limit = validLimit(sent) ?? JSONRPC_DEFAULT_LIMIT;
    return editItems(op, response, (items) =>
      direction === 'starting_after' ? [pivot.item, ...items].slice(0, limit) : [...items, pivot.item].slice(-limit),
    );
  },
});

/** What a task that is no longer processed must not gain. */
const LATE_OUTPUT = { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'one more thing' }] };

/** A task now names the newest task of its page created after it as its previous task. */
const previousIsNewer = (items: JsonObject[]): JsonObject[] =>
  items.map((item) => {
    if (typeof item.previous_task_id !== 'string') return item;
    const newer = items
      .filter((other) => Number(other.created_at) > Number(item.created_at))
      .sort((a, b) => Number(b.created_at) - Number(a.created_at))[0];
    return newer ? { ...item, previous_task_id: newer.id } : item;
  });

export const JSONRPC_FAULTS = {
  /** One more item than the limit (or the default) asks for. */
  'jsonrpc.limit-respected': {
    changes: 'lists one task more than the limit (or the default) asks for',
    request: (request) => {
      const limit = validLimit(request) ?? (request.query.has('limit') ? undefined : JSONRPC_DEFAULT_LIMIT);
      return limit !== undefined && limit < JSONRPC_MAX_LIMIT
        ? editQuery(request, (q) => q.set('limit', String(limit + 1)))
        : request;
    },
  },
  'jsonrpc.filter-session_id': {
    changes: 'ignores session_id: lists the tasks of every session',
    request: (request) => editQuery(request, (q) => q.delete('session_id')),
  },
  'jsonrpc.filter-user_id': {
    changes: 'ignores user_id: lists the tasks of every user',
    request: (request) => editQuery(request, (q) => q.delete('user_id')),
  },
  /** A valid status is not applied (an invalid one is still refused). */
  'jsonrpc.filter-status': {
    changes: 'ignores a valid status (an invalid one is still refused)',
    request: (request) => {
      const status = lastValue(request.query, 'status');
      return status !== undefined && jsonrpcStatuses.includes(status)
        ? editQuery(request, (q) => q.delete('status'))
        : request;
    },
  },
  'jsonrpc.cursor-exclusive': inclusiveCursor(
    ['starting_after', 'ending_before'],
    'reads starting_after and ending_before as inclusive: each page holds the task its cursor names',
  ),
  'jsonrpc.no-duplicates-across-pages': inclusiveCursor(
    ['starting_after'],
    'reads starting_after as inclusive: each page after the first starts with the last task of the page before',
  ),
  /** A page after a task leaves out the task that comes next: every walk skips one task per page. */
  'jsonrpc.paging-skips-nothing': {
    changes: 'leaves out the first task of every page sent with starting_after: each walk skips one task per page',
    response: (response, sent, _context, op) =>
      sent.query.has('starting_after') ? editItems(op, response, (items) => items.slice(1)) : response,
  },
  /** An invalid limit is ignored instead of refused with 422. */
  'jsonrpc.invalid-parameter-422': {
    changes: 'ignores an invalid limit instead of refusing it with 422',
    request: (request) => {
      const raw = lastValue(request.query, 'limit');
      return raw !== undefined && limitProblem(raw) ? editQuery(request, (q) => q.delete('limit')) : request;
    },
  },
  /** The 422 detail is one string instead of FastAPI's list of problems. */
  'jsonrpc.error-format': {
    changes: "writes the 422 detail as one string instead of FastAPI's list of problems",
    response: (response) => {
      const detail = response.status === 422 ? (response.body as JsonObject | null)?.detail : undefined;
      return Array.isArray(detail)
        ? withBody(response, { detail: (detail as Detail[]).map((d) => d.msg).join('; ') })
        : response;
    },
  },
  'jsonrpc.previous-task-earlier': {
    changes: 'makes each task that names a previous task name the newest task of its page created after it',
    response: (response, _sent, _context, op) => editItems(op, response, previousIsNewer),
  },
  'jsonrpc.ids-unique': repeatedItem,
  'jsonrpc.ids-stable': renamedOnLaterReads,
  'jsonrpc.lifecycle-forward': revivesFinishedTasks('jsonrpc', 'working'),
  'jsonrpc.final-content-fixed': changedOnLaterWalks(
    'jsonrpc.final',
    'adds an assistant message to the output of every canceled or expired task on each walk after the first ' +
      'that listed it (unfiltered lists only)',
    (task) =>
      ['canceled', 'expired'].includes(String(task.status))
        ? { ...task, output: [...(task.output as unknown[]), LATE_OUTPUT] }
        : undefined,
  ),
  'jsonrpc.nothing-grows-while-input-required': changedOnLaterWalks(
    'jsonrpc.waiting',
    'adds an assistant message to the output of every input-required task that lists the tool calls it waits on, ' +
      'on each walk after the first that listed it (unfiltered lists only)',
    (task) =>
      task.status === 'input-required' &&
      Array.isArray(task.input_required_call_ids) &&
      task.input_required_call_ids.length > 0
        ? { ...task, output: [...((task.output as unknown[] | undefined) ?? []), LATE_OUTPUT] }
        : undefined,
  ),
  'jsonrpc.response-schema': numericId,
  'jsonrpc.no-undocumented-fields': undocumentedField,
} as const satisfies Partial<Record<LawId, FaultTransform>>;
