/**
 * LangGraph: the mock's side of the thread-runs list (errors, faults, demo shape). The list is the behaviour
 * derived from the operation's data (src/handlers/derived): the document says nothing that data does not.
 * `select` is not applied: the document's 200 schema requires every member of a run, which its description of
 * `select` contradicts.
 */

import { copyJson, hash8, isoAt } from '../../handlers/demo.js';
import type { MockProfile } from '../../handlers/profile.js';
import { json } from '../../handlers/response.js';
import { builtinDemoRecords } from '../demo-records.js';
import { LANGGRAPH_FAULTS } from './faults.js';

/** The demo dataset's langgraph thread, assistant and count (docs/standalone-server.md lists them). */
export const LANGGRAPH_DEMO = {
  session: '0a1b2c3d-0000-4000-8000-00000000de00',
  assistant: 'fe096781-5601-53d2-b2f6-0d3403f7e9ca',
  taskCount: 24,
} as const;

/**
 * A version-4 UUID named by `text` whose last 12 digits are `n` in decimal: the runs of one thread (and a grown
 * copy of them) share the first groups and are told apart by their number, which a grown session counts on.
 */
function uuidNamed(text: string, n = 0): string {
  const [a, b, c] = [0x811c9dc5, 0x050c5d1f, 0x2b7e1516].map((basis) => hash8(text, basis));
  return `${a}-${b!.slice(0, 4)}-4${b!.slice(5)}-8${c!.slice(1, 4)}-${String(n).padStart(12, '0')}`;
}

export const langgraphMock = {
  api: 'langgraph',
  // ErrorResponse: "Error message returned from the server", a JSON string.
  errorResponse: (status: number, message: string) => json(status, message),
  faults: LANGGRAPH_FAULTS,
  demo: {
    session: LANGGRAPH_DEMO.session,
    taskCount: LANGGRAPH_DEMO.taskCount,
    shapeTask(raw, i, session, state, createdMs, prefix) {
      const t = copyJson(raw);
      t.run_id = uuidNamed(`${prefix}|${session}`, i);
      t.thread_id = session;
      t.assistant_id = LANGGRAPH_DEMO.assistant;
      t.status = state;
      t.created_at = isoAt(createdMs);
      t.updated_at = isoAt(state === 'pending' ? createdMs : createdMs + 30_000);
      t.metadata = { assistant_id: LANGGRAPH_DEMO.assistant, graph_id: 'agent' };
      t.kwargs = { input: { messages: [{ role: 'user', content: `question ${i}` }] } };
      t.multitask_strategy = i % 4 === 3 ? 'enqueue' : 'reject';
      return t;
    },
    precomputed: builtinDemoRecords,
    fillerSession: (n) => uuidNamed(`filler|${n}`),
  },
} satisfies Partial<MockProfile>;
