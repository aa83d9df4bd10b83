/** MCP's page override: what `pages.mcp(tasks, params)` answers. */

import { completedTasks } from '../../overrides/pages.js';
import type { DeepPartial, McpListTasksResult, McpTask } from '../../types/index.js';
import { builtinApis } from '../builtin-set.js';

/** The tasks a page holds: the server decides ("Page size is determined by the server"); the SDK's store gives 10. */
const PAGE_SIZE = 10;

/**
 * MCP `tasks/list`: the result for the call's params, `PAGE_SIZE` tasks after the task the cursor names (the
 * cursor is the id of the last task of the page before, as the SDK's store makes it), `nextCursor` while more
 * remain. A cursor naming no given task gets no result: the caller answers it with -32602.
 */
export function mcpPage(
  tasks: readonly DeepPartial<McpTask>[],
  params: { cursor?: string } = {},
  session = 'override',
): McpListTasksResult | undefined {
  const all = completedTasks('mcp', tasks, session, builtinApis());
  const after = params.cursor === undefined ? -1 : all.findIndex((task) => task.taskId === params.cursor);
  if (after === -1 && params.cursor !== undefined) return undefined;
  const page = all.slice(after + 1, after + 1 + PAGE_SIZE);
  const last = page[page.length - 1];
  return after + 1 + PAGE_SIZE < all.length && last ? { tasks: page, nextCursor: last.taskId } : { tasks: page };
}
