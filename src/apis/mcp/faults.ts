/**
 * MCP's law faults (mcp-tasks.md), each a transform around the documented `tasks/list`. The mock's cursor is
 * the position of the last task of a page in base 36 (src/handlers/derived/list.ts); these read it as such.
 * None for listed-between-reads: the document gives the list no order, so a task left out of a read of several
 * pages may have moved between them, and the demo list is two pages long.
 */
import type { LawId } from '../../contract/operations.js';
import {
  numericId,
  renamedOnLaterReads,
  repeatedItem,
  revivesFinishedTasks,
  timesOutOfOrder,
  undocumentedField,
} from '../../handlers/faults/shared.js';
import {
  afterFirstWalk,
  editEnvelope,
  editItems,
  editQuery,
  type FaultTransform,
} from '../../handlers/faults/transform.js';

/** The position a cursor the mock gave stands for, or undefined for any other cursor. */
function position(query: URLSearchParams): number | undefined {
  const cursor = query.get('cursor');
  return cursor !== null && /^[0-9a-z]{1,11}$/.test(cursor) ? Number.parseInt(cursor, 36) : undefined;
}

export const MCP_FAULTS = {
  /** Each page after the first repeats the last task of the one before (the cursor read as inclusive). */
  'mcp.no-duplicates-across-pages': {
    changes: 'reads the cursor as inclusive: each page after the first repeats the last task of the page before',
    request: (request) => {
      const at = position(request.query);
      return at === undefined ? request : editQuery(request, (q) => q.set('cursor', (at + 1).toString(36)));
    },
  },
  /** The last page still offers a cursor, which leads to an empty page offering the same cursor. */
  'mcp.paging-terminates': {
    changes: 'gives the last page nextCursor "0", which leads to an empty page offering the same cursor',
    response: (response) => editEnvelope(response, (body) => void (body.nextCursor ??= '0')),
  },
  'mcp.invalid-cursor-rejected': {
    changes: 'ignores a cursor no page gave (answers the first page) instead of refusing it with -32602',
    request: (request) =>
      request.query.has('cursor') && position(request.query) === undefined
        ? editQuery(request, (q) => q.delete('cursor'))
        : request,
  },
  'mcp.ids-unique': repeatedItem,
  'mcp.ids-stable': renamedOnLaterReads,
  'mcp.lifecycle-forward': revivesFinishedTasks('mcp', 'working'),
  /** From the second walk on, every lastUpdatedAt reads one second earlier. */
  'mcp.times-never-go-back': {
    changes: 'from the second walk on, moves every lastUpdatedAt one second earlier',
    response: (response, _sent, context, op) =>
      afterFirstWalk(context, 'mcp.times-never-go-back')
        ? editItems(op, response, (items) =>
            items.map((task) =>
              typeof task.lastUpdatedAt === 'string'
                ? { ...task, lastUpdatedAt: new Date(Date.parse(task.lastUpdatedAt) - 1_000).toISOString() }
                : task,
            ),
          )
        : response,
  },
  'mcp.response-schema': numericId,
  'mcp.no-undocumented-fields': undocumentedField,
  'mcp.task-times-in-order': timesOutOfOrder('mcp', 'mcp.task-times-in-order'),
} as const satisfies Partial<Record<LawId, FaultTransform>>;
