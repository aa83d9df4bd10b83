/**
 * LangGraph's run lifecycle (specs/sources/langgraph-runs.md); the document gives no constraint on one run beyond
 * its schema, so there is no item rule.
 */
import { type Lifecycle, liveToAnyTransitions } from '../../contract/lifecycle.js';
import type { ItemRule } from '../../contract/rules/types.js';
import type { components } from '../../contract/types/langgraph.js';

export const LANGGRAPH_DOCUMENT = 'specs/sources/langgraph-runs.md';
const DOC = LANGGRAPH_DOCUMENT;
/** The spec's statuses: a misspelt status in the lifecycle is a compile error. */
type RunStatus = components['schemas']['RunStatus'];
/**
 * A run is one invocation ("A run is an invocation of a graph / assistant on a thread"): once it
 * "completed successfully", "encountered an error and stopped" or "exceeded its time limit", that
 * invocation is over. Not interrupted: "manually stopped or interrupted" does not say the run cannot be
 * resumed, so it is not taken as final.
 */
const TERMINAL = ['success', 'error', 'timeout'] as const satisfies readonly RunStatus[];
const LIVE = ['pending', 'running', 'interrupted'] as const satisfies readonly RunStatus[];

export const langgraphLifecycle: Lifecycle<RunStatus> = {
  api: 'langgraph',
  states: [...LIVE, ...TERMINAL],
  terminal: TERMINAL,
  // The document names what each status means, not the moves between them: a live run may move anywhere.
  transitions: liveToAnyTransitions(LIVE, TERMINAL),
  source: {
    file: DOC,
    sentence:
      '"error": The run encountered an error and stopped. … "success": The run completed successfully. … ' +
      '"timeout": The run exceeded its time limit. … "interrupted": The run was manually stopped or interrupted.',
  },
};

export const langgraphRules = [] as const satisfies readonly ItemRule[];
