/** The demo dataset's fixed facts (ids, counts, the default seed) and its record shapes. */
import type { Face } from '../contract/faces.js';
import type { JsonObject } from '../contract/rules/types.js';

export const DEMO = {
  praxis: { session: 'sesn_demo', agent: 'agent_demo', sessionCount: 32, archivedCount: 3, taskCount: 14 },
  everruns: { session: 'demo', taskCount: 18 },
  ark: { session: 'sesn-demo', threads: ['thread-main', 'thread-research'], taskCount: 48 },
  jsonrpc: { session: 'demo', user: 'user_demo', taskCount: 48 },
} as const;

export interface DatasetOptions {
  seed?: number;
  /** Extra tasks per face spread over filler sessions (for benchmarks); default 0. */
  fillerTasks?: number;
  /** Tasks per filler session; default 100. */
  fillerPerSession?: number;
  /** The demo session of each face named here holds this many tasks (the demo ones first; every state present). */
  sessionTasks?: Partial<Record<Face, number>>;
}

export const DEFAULT_SEED = 20261129;

/** The demo objects of a seed, in insertion (creation) order. */
export interface DemoRecords {
  sessions: JsonObject[];
  tasks: Record<Face, JsonObject[]>;
}

/** Each built-in API's demo session. */
export const DEMO_SESSION = Object.fromEntries(
  Object.entries(DEMO).map(([face, demo]) => [face, demo.session]),
) as Record<keyof typeof DEMO, string>;

/** Demo ids number their objects with three digits (`bgt_demo007`). */
export const pad = (n: number) => String(n).padStart(3, '0');
export const isoAt = (ms: number) => new Date(ms).toISOString();
