/**
 * The scenario format's loader for the mock's plug-in point (`MockOptions.scenarios`): library
 * names and scenario objects become players. Its modules load on first use, so plugging it in
 * costs a mock that never plays a scenario nothing.
 */

import { optional } from '../contract/optional.js';
import { ControlError } from '../handlers/control-error.js';
import type { TimelineLoader, TimelinePlayer } from '../handlers/timeline.js';
import type { Scenario } from './types.js';

export const scenarioLoader: TimelineLoader = {
  async load(scenario, play, apis): Promise<TimelinePlayer> {
    const [{ compileScenario }, { LIBRARY, isScenarioName, unknownScenario }, { ScenarioPlayer }, { ScenarioError }] =
      await Promise.all([import('./compile.js'), import('./library.js'), import('./player.js'), import('./error.js')]);
    if (typeof scenario === 'string' && !isScenarioName(scenario))
      throw new ControlError(400, unknownScenario(scenario));
    const named =
      typeof scenario === 'string' ? LIBRARY[scenario as keyof typeof LIBRARY] : (scenario as unknown as Scenario);
    const value: Scenario = {
      ...named,
      ...(play.progression ? { progression: play.progression } : {}),
      ...optional('stepMs', play.stepMs),
    };
    let timeline: ReturnType<typeof compileScenario>;
    try {
      timeline = compileScenario(
        value,
        typeof scenario === 'string' ? `scenarios/${scenario}.yaml` : '(scenario)',
        apis,
      );
    } catch (error) {
      // A scenario that does not compile is the caller's input: refused, with where and why.
      if (error instanceof ScenarioError) throw new ControlError(400, error.message);
      throw error;
    }
    return ScenarioPlayer.load(timeline, apis);
  },
  names: async () => Object.keys((await import('./library.js')).LIBRARY).sort(),
};
