/** Praxis' law faults (000, 004), each a transform around the documented operations. */

import type { LawId } from '../../contract/operations.js';
import type { JsonObject } from '../../contract/rules/types.js';
import { integer } from '../../handlers/derived/list.js';
import {
  droppedOnAlternateReads,
  numericId,
  renamedOnLaterReads,
  repeatedItem,
  revivesFinishedTasks,
  shrinkingCounter,
  timesOutOfOrder,
  undocumentedField,
} from '../../handlers/faults/shared.js';
import {
  afterFirstWalk,
  editEnvelope,
  editItems,
  editQuery,
  type FaultTransform,
  withBody,
} from '../../handlers/faults/transform.js';
import type { MockRequest, MockResponse } from '../../handlers/types.js';
import {
  decodeCursor,
  encodeCursor,
  PRAXIS_DEFAULT_LIMIT,
  PRAXIS_MAX_LIMIT,
  PRAXIS_SESSION_PARAMS,
  type PraxisCursor,
  queryKey,
} from './behaviour.js';
import { forkSource } from './rules.js';

const limitOf = (request: MockRequest): number => {
  const limit = integer(request.query, 'limit', 1, PRAXIS_MAX_LIMIT);
  return typeof limit === 'number' ? limit : PRAXIS_DEFAULT_LIMIT;
};
const keyOf = (request: MockRequest, limit = limitOf(request)) =>
  queryKey(request.query.get('agent_id') ?? undefined, limit);

/** Rewrites the request's page cursor (a malformed or absent one is left alone). */
const editCursor = (request: MockRequest, edit: (cursor: PraxisCursor) => PraxisCursor): MockRequest => {
  const page = request.query.get('page');
  const cursor = page === null ? undefined : decodeCursor(page);
  return cursor ? editQuery(request, (q) => q.set('page', encodeCursor(edit(cursor)))) : request;
};

/** An answer in plain text instead of Anthropic's error object. */
const plainTextError = (response: MockResponse): MockResponse => {
  const message = ((response.body as JsonObject | null)?.error as JsonObject | undefined)?.message;
  if (response.status < 400 || typeof message !== 'string') return response;
  return { status: response.status, headers: { 'content-type': 'text/plain' }, body: message, raw: message };
};

const createdMs = (item: JsonObject) => Date.parse(String(item.created_at));

/** A fork now names the newest session of its page created after it as its source. */
const forkOfNewer = (items: JsonObject[]): JsonObject[] =>
  items.map((item) => {
    if (forkSource(item) === undefined) return item;
    const created = createdMs(item);
    const newer = items.filter((other) => createdMs(other) > created).sort((a, b) => createdMs(b) - createdMs(a))[0];
    return newer ? { ...item, forked_from: { ...(item.forked_from as JsonObject), session_id: newer.id } } : item;
  });

export const PRAXIS_FAULTS = {
  /** Unsupported parameters are ignored instead of refused. */
  'praxis.sessions.unsupported-filter-400': {
    changes: 'ignores the query parameters sessions.list does not support instead of answering 400',
    request: (request) =>
      editQuery(request, (q) => {
        for (const name of new Set(q.keys())) if (!PRAXIS_SESSION_PARAMS.has(name)) q.delete(name);
      }),
  },
  /** A page value that is no cursor starts again from the first page. */
  'praxis.sessions.malformed-cursor-rejected': {
    changes: 'answers a page value that is no cursor with the first page instead of 400',
    request: (request) => {
      const page = request.query.get('page');
      return page !== null && !decodeCursor(page) ? editQuery(request, (q) => q.delete('page')) : request;
    },
  },
  /** A cursor from another query is read as if it were this query's. */
  'praxis.sessions.cursor-bound-to-query': {
    changes: "reads a cursor from another query as if it were this query's instead of answering 400",
    request: (request) => editCursor(request, (cursor) => ({ ...cursor, q: keyOf(request) })),
  },
  /** One more session than the limit asked for (the cursors still name the asked limit). */
  'praxis.sessions.limit-respected': {
    changes: 'lists one session more than the limit asked for (the cursors still name the asked limit)',
    request: (request) => {
      const limit = limitOf(request);
      if (!request.query.has('limit') || limit >= PRAXIS_MAX_LIMIT) return request;
      const wider = editQuery(request, (q) => q.set('limit', String(limit + 1)));
      return editCursor(wider, (cursor) =>
        cursor.q === keyOf(request) ? { ...cursor, q: keyOf(request, limit + 1) } : cursor,
      );
    },
    response: (response, sent) =>
      editEnvelope(response, (body) => {
        const cursor = typeof body.next_page === 'string' ? decodeCursor(body.next_page) : undefined;
        if (cursor && sent.query.has('limit')) body.next_page = encodeCursor({ ...cursor, q: keyOf(sent) });
      }),
  },
  /** Each page oldest first. */
  'praxis.sessions.order-newest-first': {
    changes: 'lists each page of sessions oldest first',
    response: (response, _sent, _context, op) => editItems(op, response, (items) => items.reverse()),
  },
  /** Each page after the first repeats the last session of the one before. */
  'praxis.sessions.no-duplicates-across-pages': {
    changes: 'starts each page after the first with the last session of the page before',
    request: (request) => editCursor(request, (cursor) => ({ ...cursor, after: cursor.after + 1 })),
  },
  /** The last page still carries a cursor, which leads to an empty page with a cursor again. */
  'praxis.sessions.paging-terminates': {
    changes: 'gives the last page a next_page cursor, which leads to an empty page with a cursor again',
    response: (response, sent) =>
      editEnvelope(response, (body) => void (body.next_page ??= encodeCursor({ q: keyOf(sent), after: -1 }))),
  },
  /** A page that offers next_page leaves out its last session, which the cursor still passes: the walk skips it. */
  'praxis.sessions.paging-skips-nothing': {
    changes: 'leaves out the last session of every page that offers next_page, which the cursor still passes',
    response: (response, _sent, _context, op) =>
      typeof (response.body as { next_page?: unknown } | null)?.next_page === 'string'
        ? editItems(op, response, (items) => items.slice(0, -1))
        : response,
  },
  'praxis.sessions.fork-after-source': {
    changes: 'makes each fork name as its source the newest session of its page created after it',
    response: (response, _sent, _context, op) => editItems(op, response, forkOfNewer),
  },
  /** From the second walk on, every session's input token count reads one less. */
  'praxis.sessions.counters-never-decrease': {
    changes: "from the second walk on, lowers every session's usage.input_tokens by one",
    response: (response, _sent, context, op) =>
      afterFirstWalk(context, 'praxis.sessions.counters')
        ? editItems(op, response, (items) =>
            items.map((s) => {
              const usage = s.usage as JsonObject | undefined;
              return typeof usage?.input_tokens === 'number' && usage.input_tokens >= 1
                ? { ...s, usage: { ...usage, input_tokens: usage.input_tokens - 1 } }
                : s;
            }),
          )
        : response,
  },
  /** From the second walk on, every session's agent snapshot shows the agent's next version. */
  'praxis.sessions.creation-snapshot-fixed': {
    changes: "from the second walk on, shows every session's agent at its next version",
    response: (response, _sent, context, op) =>
      afterFirstWalk(context, 'praxis.sessions.snapshot')
        ? editItems(op, response, (items) =>
            items.map((s) => {
              const agent = s.agent as JsonObject | undefined;
              return typeof agent?.version === 'number' ? { ...s, agent: { ...agent, version: agent.version + 1 } } : s;
            }),
          )
        : response,
  },
  'praxis.sessions.ids-unique': repeatedItem,
  'praxis.sessions.ids-stable': renamedOnLaterReads,
  'praxis.background-tasks.ids-unique': repeatedItem,
  'praxis.background-tasks.ids-stable': renamedOnLaterReads,
  /** A terminated session is shown idle again on every walk after the first that listed it. */
  'praxis.sessions.lifecycle-forward': {
    changes: 'shows every terminated session idle again on each walk after the first that listed it',
    response: (response, _sent, context, op) =>
      editItems(op, response, (items) =>
        items.map((s) =>
          s.status === 'terminated' && afterFirstWalk(context, `praxis.sessions|${String(s.id)}`)
            ? { ...s, status: 'idle' }
            : s,
        ),
      ),
  },
  'praxis.sessions.filter-agent_id': {
    changes: 'ignores agent_id: lists the sessions of every agent',
    request: (request) => editQuery(request, (q) => q.delete('agent_id')),
  },
  'praxis.sessions.error-format': {
    changes: "answers errors in plain text instead of Anthropic's error object",
    response: plainTextError,
  },
  'praxis.background-tasks.unknown-session-404': {
    changes: 'answers an unknown session with an empty list (200) instead of 404',
    response: (response) => (response.status === 404 ? withBody({ ...response, status: 200 }, { data: [] }) : response),
  },
  'praxis.background-tasks.lifecycle-forward': revivesFinishedTasks('praxis', 'running'),
  'praxis.background-tasks.counters-never-decrease': shrinkingCounter('praxis'),
  'praxis.response-schema': numericId,
  'praxis.sessions.no-undocumented-fields': undocumentedField,
  'praxis.background-tasks.no-undocumented-fields': undocumentedField,
  'praxis.task-times-in-order': timesOutOfOrder('praxis', 'praxis.task-times-in-order'),
  'praxis.session-updated-not-before-created': timesOutOfOrder('praxis', 'praxis.session-updated-not-before-created'),
  'praxis.sessions.listed-between-reads': droppedOnAlternateReads,
  'praxis.background-tasks.listed-between-reads': droppedOnAlternateReads,
} as const satisfies Partial<Record<LawId, FaultTransform>>;
