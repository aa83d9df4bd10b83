/** Conformance runner: judge a live endpoint against the contract. */

export { type ReportFormat, render, renderJson, renderJunit, renderText } from './report.js';
export { runConformance } from './runner.js';
export type {
  ConformanceEvent,
  ConformanceOptions,
  ConformanceResult,
  LawOutcome,
  Outcome,
  Replay,
  ReportedViolation,
} from './types.js';
