/**
 * The cases that start from what the baseline learnt alone (its sessions, lists and filter
 * values) and change nothing a later case of theirs reads: the walks with a cursor at every
 * position, the baseline's walk with a short limit, the combinations, the first poll, the probes,
 * the refusals and the limit sweep, run as one batch. Each phase alone ended waiting for its last
 * walk; together, one phase's short requests fill the time another's long walks take (the costliest
 * start first: cases.ts). Cases of one batch are never compared with each other (cases.ts), so none of them judges
 * less for running beside the others.
 */
import { runCases } from '../cases.js';
import type { RunContext } from '../context.js';
import { shortLimitCases } from './baseline.js';
import { combinationCases } from './combinations.js';
import type { Polls } from './over-time.js';
import { positionCases, probeCases } from './probes.js';
import { refusalCases } from './refusals.js';

export async function independentPhase(ctx: RunContext, polls: Polls): Promise<void> {
  const combinations = combinationCases(ctx);
  await runCases(ctx, [
    // Started when due (an interval after the baseline); until then the others go first.
    ...polls.next(ctx),
    ...positionCases(ctx),
    ...shortLimitCases(ctx),
    ...combinations.walks,
    ...probeCases(ctx),
    ...refusalCases(ctx),
    ...combinations.sweeps,
  ]);
}
