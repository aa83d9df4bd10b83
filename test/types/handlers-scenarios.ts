/**
 * Type test (checked by `tsc -p .` in npm test): the mocks `agent-task-contracts/handlers` makes
 * play scenarios (docs/mock-in-node.md, "Scenarios"), by a library name or a typed scenario.
 */
import { createHandlers, demoMock } from '../../src/entries/handlers.js';
import { defineScenario } from '../../src/scenarios/index.js';

export async function plays(): Promise<void> {
  await demoMock.playScenario('ark-unknown-comes-back', { progression: 'manual' });
  const own = createHandlers({ baseUrl: { ark: 'https://ark.test/api/v3' } });
  await own.playScenario(defineScenario({ name: 'x', api: 'ark', timeline: [] }));
  // @ts-expect-error a misspelt library scenario
  await demoMock.playScenario('ark-unknown-comes-bak');
  await own.stopScenario();
}
