/** Conformance runner: judge a live endpoint against the contract. */
export { runConformance } from './runner.js';
export { render, renderText, renderJson, renderJunit, type ReportFormat } from './report.js';
export type {
  ConformanceOptions,
  ConformanceResult,
  ConformanceEvent,
  ReportedViolation,
  RuleOutcome,
  Outcome,
  Replay,
} from './types.js';
