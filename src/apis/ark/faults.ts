/** Ark's law faults (002), each a transform around the documented listTasks. */
import type { LawId } from '../../contract/operations.js';
import type { JsonObject } from '../../contract/rules/types.js';
import { integer, isProblem, MOCK_MAX_LIMIT } from '../../handlers/derived/list.js';
import {
  droppedOnAlternateReads,
  numericId,
  renamedOnLaterReads,
  repeatedItem,
  revivesFinishedTasks,
  sharedNestedId,
  strayTask,
  timesOutOfOrder,
  undocumentedField,
  unstableNestedId,
} from '../../handlers/faults/shared.js';
import {
  afterFirstWalk,
  editEnvelope,
  editItems,
  editQuery,
  type FaultTransform,
} from '../../handlers/faults/transform.js';
import { ARK_DEFAULT_LIMIT } from './contract.js';

/** The limit and the cursor of a request as the mock reads them (002: 最小值：0), or the problem it refuses. */
const arkLimit = (query: URLSearchParams) => integer(query, 'limit', 0, MOCK_MAX_LIMIT);
const arkCursor = (query: URLSearchParams) => integer(query, 'cursor', 0, Number.MAX_SAFE_INTEGER);

/** A response transform that edits every task from the second walk on: what a client saw first, then a change. */
function fromSecondWalk(key: string, edit: (task: JsonObject) => JsonObject): FaultTransform['response'] {
  return (response, _sent, context, op) =>
    afterFirstWalk(context, key) ? editItems(op, response, (items) => items.map(edit)) : response;
}

export const ARK_FAULTS = {
  /** One more item than the limit asked for. */
  'ark.limit-respected': {
    changes: 'lists one task more than the limit asked for',
    request: (request) => {
      const limit = arkLimit(request.query);
      return typeof limit === 'number' && limit < MOCK_MAX_LIMIT
        ? editQuery(request, (q) => q.set('limit', String(limit + 1)))
        : request;
    },
  },
  /** 25 items when no limit is given (002: 默认 20). */
  'ark.default-limit': {
    changes: `lists ${ARK_DEFAULT_LIMIT + 5} tasks when no limit is given (the default is ${ARK_DEFAULT_LIMIT})`,
    request: (request) =>
      request.query.has('limit') ? request : editQuery(request, (q) => q.set('limit', String(ARK_DEFAULT_LIMIT + 5))),
  },
  /** Each page oldest first. */
  'ark.order-newest-first': {
    changes: 'lists each page oldest first',
    response: (response, _sent, _context, op) => editItems(op, response, (items) => items.reverse()),
  },
  /** Each page after the first repeats the last item of the one before (the cursor read as inclusive). */
  'ark.no-duplicates-across-pages': {
    changes: 'reads the cursor as inclusive: each page after the first repeats the last task of the page before',
    request: (request) => {
      const cursor = arkCursor(request.query);
      return typeof cursor === 'number' ? editQuery(request, (q) => q.set('cursor', String(cursor + 1))) : request;
    },
  },
  /** The last page still carries a cursor, which leads to an empty page with the same cursor. */
  'ark.paging-terminates': {
    changes: 'gives the last page next_cursor 0, which leads to an empty page with the same cursor',
    response: (response) => editEnvelope(response, (body) => void (body.next_cursor ??= 0)),
  },
  /** A page that offers a next cursor leaves out its last task, which the cursor still passes: the walk skips it. */
  'ark.paging-skips-nothing': {
    changes: 'leaves out the last task of every page that offers a next cursor, which the cursor still passes',
    response: (response, _sent, _context, op) =>
      (response.body as { next_cursor?: unknown } | null)?.next_cursor === undefined
        ? response
        : editItems(op, response, (items) => items.slice(0, -1)),
  },
  /** With several states, only the first is applied. */
  'ark.filter-state': {
    changes: 'applies only the first of several comma-separated states',
    request: (request) => {
      const states = request.query.getAll('state');
      return states.length === 1 && states[0]!.includes(',')
        ? editQuery(request, (q) => q.set('state', states[0]!.split(',')[0]!))
        : request;
    },
  },
  'ark.filter-session_thread_id': {
    changes: 'ignores session_thread_id: lists the tasks of every session',
    request: (request) => editQuery(request, (q) => q.delete('session_thread_id')),
  },
  'ark.items-belong-to-session': {
    changes: 'adds to each answer a copy of its first task from another session (sesn-someone-else)',
    response: (response, _sent, context, op) =>
      editItems(op, response, (items) =>
        items[0] ? [...items, strayTask('ark', items[0], 'sesn-someone-else', context.apis)] : items,
      ),
  },
  /** An invalid limit is ignored instead of refused. */
  'ark.invalid-limit-rejected': {
    changes: 'ignores an invalid limit instead of refusing it',
    request: (request) => (isProblem(arkLimit(request.query)) ? editQuery(request, (q) => q.delete('limit')) : request),
  },
  'ark.invalid-cursor-rejected': {
    changes: 'ignores an invalid cursor (answers the first page) instead of refusing it',
    request: (request) =>
      isProblem(arkCursor(request.query)) ? editQuery(request, (q) => q.delete('cursor')) : request,
  },
  'ark.ids-unique': repeatedItem,
  'ark.ids-stable': renamedOnLaterReads,
  'ark.lifecycle-forward': revivesFinishedTasks('ark', 'running'),
  /** From the second walk on, every started_at reads one millisecond earlier. */
  'ark.times-never-go-back': {
    changes: 'from the second walk on, moves every started_at one millisecond earlier',
    response: fromSecondWalk('ark.times-never-go-back', (t) =>
      typeof t.started_at === 'number' ? { ...t, started_at: t.started_at - 1 } : t,
    ),
  },
  /** From the second walk on, every task names another tool than the one that produced it. */
  'ark.creation-snapshot-fixed': {
    changes: 'from the second walk on, gives every task the tool name of another tool call (bash becomes bash_2)',
    response: fromSecondWalk('ark.creation-snapshot-fixed', (t) => {
      const tool = t.tool as JsonObject | undefined;
      return typeof tool?.name === 'string' ? { ...t, tool: { ...tool, name: `${tool.name}_2` } } : t;
    }),
  },
  'ark.present-together': {
    changes: 'gives every failed, cancelled or unknown task an error_code without its error_message',
    response: (response, _sent, _context, op) =>
      editItems(op, response, (items) =>
        items.map((task) => {
          if (!['failed', 'cancelled', 'unknown'].includes(String(task.state))) return task;
          const { error_message: _dropped, ...rest } = task;
          return { ...rest, error_code: task.error_code ?? 'internal' };
        }),
      ),
  },
  'ark.unique-tool-use-id': sharedNestedId('ark', 'toolu_shared'),
  'ark.stable-tool-use-id': unstableNestedId('ark'),
  'ark.response-schema': numericId,
  'ark.no-undocumented-fields': undocumentedField,
  'ark.task-times-in-order': timesOutOfOrder('ark', 'ark.task-times-in-order'),
  'ark.listed-between-reads': droppedOnAlternateReads,
} as const satisfies Partial<Record<LawId, FaultTransform>>;
