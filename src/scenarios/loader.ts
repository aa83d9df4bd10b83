/**
 * The scenario format's loader for the mock's plug-in point (`MockOptions.scenarios`): library
 * names and scenario objects become players. Its modules load on first use, so plugging it in
 * costs a mock that never plays a scenario nothing.
 */
import type { TimelineLoader, TimelinePlayer } from '../handlers/timeline.js';
import type { Scenario } from './types.js';

export const scenarioLoader: TimelineLoader = {
  async load(scenario, play = {}): Promise<TimelinePlayer> {
    const [{ compileScenario }, { libraryScenario }, { ScenarioPlayer }] = await Promise.all([import('./compile.js'), import('./library.js'), import('./player.js')]);
    const named = typeof scenario === 'string' ? libraryScenario(scenario) : (scenario as unknown as Scenario);
    const value: Scenario = { ...named, ...(play.progression ? { progression: play.progression } : {}), ...(play.stepMs !== undefined ? { stepMs: play.stepMs } : {}) };
    return ScenarioPlayer.load(compileScenario(value, typeof scenario === 'string' ? `scenarios/${scenario}.yaml` : '(scenario)'));
  },
  names: async () => Object.keys((await import('./library.js')).LIBRARY).sort(),
};
