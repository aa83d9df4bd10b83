/** Everruns' law faults (001), each a transform around the documented listTasks. */
import type { LawId } from '../../contract/operations.js';
import { isObject } from '../../contract/rules/check-helpers.js';
import { withArticle } from '../../contract/words.js';
import { errorResponse } from '../../handlers/apis.js';
import { truncate } from '../../handlers/derived/list.js';
import {
  changedOnLaterWalks,
  droppedOnAlternateReads,
  numericId,
  renamedOnLaterReads,
  repeatedItem,
  revivesFinishedTasks,
  sharedNestedId,
  shrinkingCounter,
  strayTask,
  timesOutOfOrder,
  undocumentedField,
  unstableNestedId,
} from '../../handlers/faults/shared.js';
import {
  afterFirstWalk,
  editItems,
  editQuery,
  type FaultTransform,
  sessionInPath,
  withBody,
} from '../../handlers/faults/transform.js';

/** Drops a filter the client gave once (a repeated one is still refused). */
const ignoreFilter = (param: string): FaultTransform => ({
  changes: `ignores ${withArticle(param)} filter given once (a repeated one is still refused)`,
  request: (request) =>
    request.query.getAll(param).length === 1 ? editQuery(request, (q) => q.delete(param)) : request,
});

/** What a task whose work has ended must not gain. */
const LATE_ARTIFACT = { name: 'late-report', type: 'file', path: '/out/late-report.md', url: null };

export const EVERRUNS_FAULTS = {
  'everruns.filter-state': ignoreFilter('state'),
  'everruns.filter-kind': ignoreFilter('kind'),
  'everruns.items-belong-to-session': {
    changes: 'adds to each answer a copy of its first task from another session (someone-else)',
    response: (response, _sent, context, op) =>
      editItems(op, response, (items) =>
        items[0] ? [...items, strayTask('everruns', items[0], 'someone-else', context.apis)] : items,
      ),
  },
  /** An unknown session lists nothing instead of answering 404. */
  'everruns.unknown-session-404': {
    changes: 'answers an unknown session with an empty list (200) instead of 404',
    response: (response) => (response.status === 404 ? withBody({ ...response, status: 200 }, []) : response),
  },
  /** The second task that gives a root gives another one. */
  'everruns.one-root-per-session': {
    changes: 'gives the second task of each answer that names a root session another root',
    response: (response, _sent, _context, op) =>
      editItems(op, response, (items) => {
        const second = items.filter((t) => typeof t.root_session_id === 'string')[1];
        return items.map((t) => (t === second ? { ...t, root_session_id: `${String(t.root_session_id)}-other` } : t));
      }),
  },
  /** A child session started tasks link to (one with no task of its own) answers as one that does not exist. */
  'everruns.linked-session-exists': {
    changes: 'answers 404 Session not found for a child session that running or awaiting tasks link to',
    response: (response, sent, context, op) => {
      const session = sessionInPath(op, sent) ?? '';
      return response.status === 200 && !context.store.hasSession('everruns', session)
        ? errorResponse(
            'everruns',
            404,
            `Session not found: ${truncate(session)}`,
            {},
            context.requestNumber,
            context.apis,
          )
        : response;
    },
  },
  'everruns.ids-unique': repeatedItem,
  'everruns.ids-stable': renamedOnLaterReads,
  'everruns.lifecycle-forward': revivesFinishedTasks('everruns', 'running'),
  /** From the second walk on, every created_at reads one second earlier. */
  'everruns.immutable-fields': {
    changes: "from the second walk on, moves every task's created_at one second earlier",
    response: (response, _sent, context, op) =>
      afterFirstWalk(context, 'everruns.immutable-fields')
        ? editItems(op, response, (items) =>
            items.map((t) => ({ ...t, created_at: new Date(Date.parse(String(t.created_at)) - 1000).toISOString() })),
          )
        : response,
  },
  'everruns.counters-never-decrease': shrinkingCounter('everruns'),
  /** Every third request fails with a 500. */
  'everruns.not-a-server-error': {
    changes: 'answers every third request with a 500',
    response: (response, _sent, context) =>
      context.requestNumber % 3 === 0
        ? errorResponse('everruns', 500, 'injected fault', {}, context.requestNumber, context.apis)
        : response,
  },
  'everruns.unique-input-request-id': sharedNestedId('everruns', 'ask_shared'),
  'everruns.stable-input-request-id': unstableNestedId('everruns'),
  'everruns.final-content-fixed': changedOnLaterWalks(
    'everruns.final',
    'adds an artifact to every succeeded, failed or canceled task on each walk after the first that listed it ' +
      '(unfiltered lists only)',
    (task) =>
      ['succeeded', 'failed', 'canceled'].includes(String(task.state))
        ? { ...task, artifacts: [...((task.artifacts as unknown[] | undefined) ?? []), LATE_ARTIFACT] }
        : undefined,
  ),
  'everruns.nothing-grows-while-awaiting-input': changedOnLaterWalks(
    'everruns.waiting',
    'adds an artifact to every task awaiting input with a pending ask on each walk after the first that listed it ' +
      '(unfiltered lists only)',
    (task) =>
      task.state === 'awaiting_input' && isObject(task.input_request)
        ? { ...task, artifacts: [...((task.artifacts as unknown[] | undefined) ?? []), LATE_ARTIFACT] }
        : undefined,
  ),
  'everruns.response-schema': numericId,
  'everruns.no-undocumented-fields': undocumentedField,
  'everruns.task-times-in-order': timesOutOfOrder('everruns', 'everruns.task-times-in-order'),
  'everruns.listed-between-reads': droppedOnAlternateReads,
} as const satisfies Partial<Record<LawId, FaultTransform>>;
