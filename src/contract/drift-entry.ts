/**
 * A drift entry and its one-line description, apart from the drift reader (which loads every API's
 * schemas) so that the reporters and the CLI can describe drift without loading them.
 */
import { withCount } from './words.js';

export type DriftKind = 'field' | 'value';

export interface DriftEntry {
  operation: string;
  kind: DriftKind;
  /** JSON path with arrays collapsed: `/items/*\/tool/foo`. */
  path: string;
  count: number;
  example: unknown;
}

/** `OPERATION KIND PATH: N times, e.g. EXAMPLE`: one drift entry on one line (the example JSON, cut at 80). */
export const describeDrift = (d: DriftEntry, example = String(JSON.stringify(d.example)?.slice(0, 80))) =>
  `${d.operation} ${d.kind} ${d.path}: ${withCount(d.count, 'time')}, e.g. ${example}`;
