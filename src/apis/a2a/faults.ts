/**
 * A2A's law faults (specs/sources/a2a.md), each a transform around the documented ListTasks. None for
 * listed-between-reads: the demo list runs to two pages (past the default page size), and a task left out of a
 * read of pages shows only where an order by a time that never changes places it; A2A's status timestamp moves.
 */
import type { LawId } from '../../contract/operations.js';
import { fieldValue, itemsOf, setField } from '../../contract/operations.js';
import { integer } from '../../handlers/derived/list.js';
import { orderedPage } from '../../handlers/derived/ordered-page.js';
import {
  changedOnLaterWalks,
  numericId,
  renamedOnLaterReads,
  repeatedItem,
  revivesFinishedTasks,
  undocumentedField,
} from '../../handlers/faults/shared.js';
import { editEnvelope, editItems, editQuery, type FaultTransform } from '../../handlers/faults/transform.js';
import { A2A_DEFAULT_PAGE_SIZE, A2A_MAX_PAGE_SIZE, listTasksOperation } from './contract.js';

const pageSizeOf = (query: URLSearchParams) => integer(query, 'pageSize', 1, A2A_MAX_PAGE_SIZE);
/** The mock's token (base 36), as a number. */
const tokenOf = (query: URLSearchParams) => {
  const raw = query.get('pageToken');
  return raw && /^[0-9a-z]{1,11}$/.test(raw) ? Number.parseInt(raw, 36) : undefined;
};
/** Ignores one query parameter. */
const ignores = (param: string, what: string): FaultTransform => ({
  changes: `ignores ${param}: lists ${what}`,
  request: (request) => editQuery(request, (q) => q.delete(param)),
});

const HTTP_JSON_FAULTS = {
  'a2a.limit-respected': {
    changes: 'lists one task more than pageSize asked for',
    request: (request) => {
      const size = pageSizeOf(request.query);
      return typeof size === 'number' && size < A2A_MAX_PAGE_SIZE
        ? editQuery(request, (q) => q.set('pageSize', String(size + 1)))
        : request;
    },
  },
  'a2a.default-limit': {
    changes: `lists ${A2A_DEFAULT_PAGE_SIZE + 5} tasks when no pageSize is given (at most ${A2A_DEFAULT_PAGE_SIZE})`,
    request: (request) =>
      request.query.has('pageSize')
        ? request
        : editQuery(request, (q) => q.set('pageSize', String(A2A_DEFAULT_PAGE_SIZE + 5))),
  },
  'a2a.no-duplicates-across-pages': {
    changes: 'reads pageToken as inclusive: each page after the first repeats the last task of the page before',
    // The token names the page's last task; the task just before it in the order its context is listed in names
    // the place before it, wherever filters put it (the mock places a token's task by its order).
    request: (request, context) => {
      const seq = tokenOf(request.query);
      if (seq === undefined) return request;
      const session = request.query.get('contextId') ?? undefined;
      const listed = orderedPage(context.store, listTasksOperation, listTasksOperation.order!, {
        ...(session === undefined ? {} : { session }),
        limit: Number.MAX_SAFE_INTEGER,
      }).entries;
      const at = listed.findIndex((entry) => entry.seq === seq);
      if (at === -1) return request;
      const before = listed[at - 1];
      return editQuery(request, (q) =>
        before === undefined ? q.delete('pageToken') : q.set('pageToken', before.seq.toString(36)),
      );
    },
  },
  'a2a.order-newest-first': {
    changes: 'lists each page oldest status first',
    response: (response, _sent, _context, op) => editItems(op, response, (items) => items.reverse()),
  },
  'a2a.paging-terminates': {
    changes: 'gives the last page a nextPageToken that leads to an empty page with the same token',
    response: (response) => editEnvelope(response, (body) => void (body.nextPageToken ||= '0')),
  },
  'a2a.paging-skips-nothing': {
    // The first page alone: a walk at another page size then loses another task, which shows the skip.
    changes:
      'leaves out the last task of a first page of two or more that offers a nextPageToken, which the token passes',
    response: (response, sent, _context, op) =>
      sent.query.has('pageToken') || ((response.body as { nextPageToken?: unknown } | null)?.nextPageToken ?? '') === ''
        ? response
        : editItems(op, response, (items) => (items.length > 1 ? items.slice(0, -1) : items)),
  },
  'a2a.total-counts-the-list': {
    changes: 'gives as totalSize the number of tasks on the page, not in the list',
    response: (response, _sent, _context, op) =>
      editEnvelope(response, (body) => void (body.totalSize = itemsOf(op, body)?.length ?? 0)),
  },
  'a2a.filter-status': ignores('status', 'tasks in every state'),
  'a2a.filter-contextId': ignores('contextId', 'the tasks of every context'),
  /** What @a2a-js/sdk 1.3.0 does: "greater than or equal to" read as greater than. */
  'a2a.filter-statusTimestampAfter': {
    changes:
      'leaves out the tasks whose status timestamp is exactly statusTimestampAfter (read as after, not at or after)',
    response: (response, sent, _context, op) => {
      const after = sent.query.get('statusTimestampAfter');
      if (after === null) return response;
      const at = Date.parse(after);
      return editItems(op, response, (items) =>
        items.filter((task) => Date.parse(String(fieldValue(task, '/status/timestamp'))) !== at),
      );
    },
  },
  'a2a.absent-unless-asked': {
    changes: 'gives every task an empty artifacts array when includeArtifacts is not true',
    response: (response, sent, _context, op) =>
      sent.query.get('includeArtifacts') === 'true'
        ? response
        : editItems(op, response, (items) => items.map((task) => ({ ...task, artifacts: task.artifacts ?? [] }))),
  },
  'a2a.bounded-by-historyLength': {
    changes: "ignores historyLength: lists every message of each task's history",
    request: (request) => editQuery(request, (q) => q.delete('historyLength')),
  },
  'a2a.ids-unique': repeatedItem,
  'a2a.ids-stable': renamedOnLaterReads,
  'a2a.lifecycle-forward': revivesFinishedTasks('a2a', 'TASK_STATE_WORKING'),
  'a2a.times-never-go-back': changedOnLaterWalks(
    'a2a.times-never-go-back',
    'from the second walk on, records every status one second earlier than the walk before showed it',
    (task) => {
      const time = Date.parse(String(fieldValue(task, '/status/timestamp')));
      if (Number.isNaN(time)) return undefined;
      const earlier = structuredClone(task);
      setField(earlier, '/status/timestamp', new Date(time - 1_000).toISOString());
      return earlier;
    },
  ),
  'a2a.unsupported-version-rejected': {
    changes: 'answers a request of any A2A-Version as one of 1.0 (lists its tasks)',
    request: ({ headers: { 'a2a-version': _version, ...headers } = {}, ...request }) => ({ ...request, headers }),
  },
  'a2a.response-schema': numericId,
  'a2a.no-undocumented-fields': undocumentedField,
} as const satisfies Partial<Record<LawId, FaultTransform>>;

/** A fault of the JSON-RPC binding's law: the call's params are read as the query, its result is the page. */
type JsonRpcTwin<Id> = Id extends `a2a.${infer Name}` ? `a2a.json-rpc.${Name}` : never;

/** Each fault on either binding: the JSON-RPC one changes the call as the HTTP+JSON one changes the GET. */
export const A2A_FAULTS = {
  ...HTTP_JSON_FAULTS,
  ...(Object.fromEntries(
    Object.entries(HTTP_JSON_FAULTS)
      // response-schema is one law of the API, judged on both bindings.
      .filter(([id]) => id !== 'a2a.response-schema')
      .map(([id, fault]) => [id.replace(/^a2a\./, 'a2a.json-rpc.'), fault]),
  ) as Record<JsonRpcTwin<Exclude<keyof typeof HTTP_JSON_FAULTS, 'a2a.response-schema'>>, FaultTransform>),
};
