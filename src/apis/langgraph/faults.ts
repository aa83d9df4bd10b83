/**
 * LangGraph's law faults (langgraph-runs.md), each a transform around the documented list of a thread's runs.
 * None for paging-terminates nor listed-between-reads: an offset walk ends at its first empty page, and a run left
 * out of a page shifts every later offset, which the walk laws see first.
 */
import type { LawId } from '../../contract/operations.js';
import { integer, isProblem, MOCK_MAX_LIMIT } from '../../handlers/derived/list.js';
import {
  numericId,
  renamedOnLaterReads,
  repeatedItem,
  revivesFinishedTasks,
  strayTask,
  timesOutOfOrder,
  undocumentedField,
} from '../../handlers/faults/shared.js';
import { afterFirstWalk, editItems, editQuery, type FaultTransform } from '../../handlers/faults/transform.js';
import type { MockRequest } from '../../handlers/types.js';
import { LANGGRAPH_DEFAULT_LIMIT } from './contract.js';

/** `limit` (1 to the mock's maximum: the document bounds neither) or `offset` (0 and up) as the mock reads them. */
const langgraphInteger = (query: URLSearchParams, param: 'limit' | 'offset') =>
  param === 'limit' ? integer(query, param, 1, MOCK_MAX_LIMIT) : integer(query, param, 0, Number.MAX_SAFE_INTEGER);

const limitOf = (request: MockRequest) => langgraphInteger(request.query, 'limit');
const offsetOf = (request: MockRequest) => langgraphInteger(request.query, 'offset');
/** A page size and offset the mock reads as valid (the documented default where none is given). */
const pageOf = (request: MockRequest) => {
  const [limit, offset] = [limitOf(request), offsetOf(request)];
  return isProblem(limit) || isProblem(offset)
    ? undefined
    : { limit: limit ?? LANGGRAPH_DEFAULT_LIMIT, offset: offset ?? 0 };
};
const DEFAULT = LANGGRAPH_DEFAULT_LIMIT;
/** Another thread's id, for a run that does not belong to the thread listed. */
const OTHER_THREAD = '00000000-0000-4000-8000-0000000000ff';

/** Ignores a parameter whose value is not an integer, instead of refusing it. */
const ignoresInvalid = (param: 'limit' | 'offset'): FaultTransform => ({
  changes: `ignores ${param === 'limit' ? 'a limit' : 'an offset'} that is not an integer instead of refusing it`,
  request: (request) =>
    isProblem(langgraphInteger(request.query, param)) ? editQuery(request, (q) => q.delete(param)) : request,
});

export const LANGGRAPH_FAULTS = {
  'langgraph.limit-respected': {
    changes: 'lists one run more than the limit asked for',
    request: (request) => {
      const limit = limitOf(request);
      return typeof limit === 'number' && limit < MOCK_MAX_LIMIT
        ? editQuery(request, (q) => q.set('limit', String(limit + 1)))
        : request;
    },
  },
  'langgraph.default-limit': {
    changes: `lists ${LANGGRAPH_DEFAULT_LIMIT + 5} runs when no limit is given (the default is ${DEFAULT})`,
    request: (request) =>
      request.query.has('limit')
        ? request
        : editQuery(request, (q) => q.set('limit', String(LANGGRAPH_DEFAULT_LIMIT + 5))),
  },
  /** The page after the first starts one run early: it repeats the last run of the page before. */
  'langgraph.no-duplicates-across-pages': {
    changes: 'skips one result fewer than the offset asks: each later page repeats the last run of the page before',
    request: (request) => {
      const page = pageOf(request);
      return page && page.offset > 0 ? editQuery(request, (q) => q.set('offset', String(page.offset - 1))) : request;
    },
  },
  /** What LangGraph's API server 2.0.0 does: the runs from the offset up to the limit-th, not `limit` runs. */
  'langgraph.paging-skips-nothing': {
    changes: 'takes the limit for the index the page ends at: from an offset at the limit or past it, no run is listed',
    request: (request) => {
      const page = pageOf(request);
      if (!page || page.offset === 0) return request;
      return editQuery(request, (q) =>
        page.limit > page.offset
          ? q.set('limit', String(page.limit - page.offset))
          : q.set('offset', String(Number.MAX_SAFE_INTEGER)),
      );
    },
  },
  'langgraph.filter-status': {
    changes: 'ignores status: lists the runs of every status',
    request: (request) => editQuery(request, (q) => q.delete('status')),
  },
  'langgraph.items-belong-to-session': {
    changes: `adds to each answer a copy of its first run on another thread (${OTHER_THREAD})`,
    response: (response, _sent, context, op) =>
      editItems(op, response, (items) =>
        items[0] ? [...items, strayTask('langgraph', items[0], OTHER_THREAD, context.apis)] : items,
      ),
  },
  'langgraph.invalid-limit-rejected': ignoresInvalid('limit'),
  'langgraph.invalid-offset-rejected': ignoresInvalid('offset'),
  'langgraph.ids-unique': repeatedItem,
  'langgraph.ids-stable': renamedOnLaterReads,
  'langgraph.lifecycle-forward': revivesFinishedTasks('langgraph', 'running'),
  /** From the second walk on, every updated_at reads one second earlier. */
  'langgraph.times-never-go-back': {
    changes: 'from the second walk on, moves every updated_at one second earlier',
    response: (response, _sent, context, op) =>
      afterFirstWalk(context, 'langgraph.times-never-go-back')
        ? editItems(op, response, (items) =>
            items.map((run) =>
              typeof run.updated_at === 'string'
                ? { ...run, updated_at: new Date(Date.parse(run.updated_at) - 1_000).toISOString() }
                : run,
            ),
          )
        : response,
  },
  'langgraph.response-schema': numericId,
  'langgraph.no-undocumented-fields': undocumentedField,
  'langgraph.run-times-in-order': timesOutOfOrder('langgraph', 'langgraph.run-times-in-order'),
} as const satisfies Partial<Record<LawId, FaultTransform>>;
