/**
 * What a test sets on a running mock (faults, latency, lifecycle steps, the demo data's seed),
 * checked: a value the mock cannot take throws a ControlError saying what to send instead.
 */

import type { ApiSet } from '../contract/api-set.js';
import { ControlError } from './control-error.js';
import { allFaults, describeFaultProblems, type FaultId } from './faults/index.js';

/**
 * Fault ids as given, each a known one of an API in `served`; an unknown id is refused naming the
 * closest, and one of another API naming the APIs served.
 */
export function checkedFaults(ids: readonly FaultId[], served: readonly string[], apis: ApiSet): Set<string> {
  if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string'))
    throw new ControlError(400, 'faults must be an array of law ids, e.g. ["ark.order-newest-first"]', {
      known: allFaults(apis),
    });
  const refused = describeFaultProblems(ids, served, apis);
  if (refused) throw new ControlError(400, refused, { known: allFaults(apis) });
  return new Set(ids);
}

export function checkedLatency(ms: number): number {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || ms > MAX_LATENCY_MS)
    throw new ControlError(
      400,
      `latency must be a number of milliseconds from 0 to ${MAX_LATENCY_MS} (got ${JSON.stringify(ms)})`,
    );
  return ms;
}

export function checkedSteps(steps: number): number {
  if (!Number.isInteger(steps) || steps < 1 || steps > MAX_ADVANCE_STEPS)
    throw new ControlError(
      400,
      `steps must be an integer from 1 to ${MAX_ADVANCE_STEPS} (got ${JSON.stringify(steps)})`,
    );
  return steps;
}

export function checkedSeed(seed: number): number {
  if (!Number.isInteger(seed))
    throw new ControlError(400, `seed must be an integer, e.g. 7 (got ${JSON.stringify(seed)})`);
  return seed;
}

/** What `MockApp.create` refuses before any data is built (plain errors: no HTTP call is being answered). */
export function creationError(
  faults: readonly FaultId[],
  latencyMs: number | undefined,
  served: readonly string[],
  apis: ApiSet,
): string | undefined {
  const refused = describeFaultProblems(faults, served, apis);
  if (refused) return refused;
  if (latencyMs !== undefined && (!Number.isFinite(latencyMs) || latencyMs < 0))
    return `latencyMs must be 0 or more, got ${latencyMs}`;
  return undefined;
}

const MAX_LATENCY_MS = 60_000;
const MAX_ADVANCE_STEPS = 1000;
