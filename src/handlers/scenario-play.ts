/**
 * Playing a scenario on a running mock: the checks on what a test asks for (a library name or a
 * scenario object, a progression, a step length), in the words a test can act on, and the load.
 */

import type { ApiSet } from '../contract/api-set.js';
import { didYouMean } from '../contract/words.js';
import { ControlError } from './control-error.js';
import type { PlayOptions, TimelineLoader, TimelinePlayer } from './timeline.js';

/** The player of `scenario`, from its first step; a call the loader cannot honour throws a ControlError. */
export async function loadScenario(
  loader: TimelineLoader | undefined,
  scenario: string | object,
  play: PlayOptions,
  apis: ApiSet,
): Promise<TimelinePlayer> {
  if (!loader) throw new ControlError(400, NO_SCENARIO_LOADER);
  if (typeof scenario !== 'string' && (scenario === null || typeof scenario !== 'object' || Array.isArray(scenario)))
    throw new ControlError(400, 'a scenario is a library name or a scenario object', {
      library: await scenarioNames(loader),
    });
  if (play.progression !== undefined && !PROGRESSIONS.includes(play.progression))
    throw new ControlError(400, `progression is request, time or manual (got ${JSON.stringify(play.progression)})`);
  if (play.stepMs !== undefined && (!Number.isInteger(play.stepMs) || play.stepMs < 1))
    throw new ControlError(
      400,
      `stepMs is a whole number of milliseconds, 1 or more (got ${JSON.stringify(play.stepMs)})`,
    );
  if (typeof scenario === 'string') {
    const library = await scenarioNames(loader);
    if (!library.includes(scenario))
      throw new ControlError(
        400,
        `unknown scenario "${scenario.slice(0, 100)}"${didYouMean(scenario, library)}; ` +
          `the library has: ${library.join(', ')}`,
        { library },
      );
  }
  return loader.load(scenario as string | Record<string, unknown>, play, apis);
}

/** The library scenarios a loader takes by name (none without a loader). */
export async function scenarioNames(loader: TimelineLoader | undefined): Promise<readonly string[]> {
  return (await loader?.names()) ?? [];
}

const PROGRESSIONS: readonly string[] = ['request', 'time', 'manual'];
const NO_SCENARIO_LOADER =
  'this mock was created without scenario support: serve it with startServer (agent-task-contracts/node), ' +
  'or create it with useScenario or scenarioLoader (agent-task-contracts/scenarios)';
