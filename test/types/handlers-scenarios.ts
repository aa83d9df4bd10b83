/**
 * Type test (checked by `tsc -p .` in npm test): the mocks `agent-task-contracts/handlers` makes
 * play scenarios (docs/mock-in-node.md, "Scenarios"), by a library name or a typed scenario, and every
 * handle of a mock is one interface, `MockControl`.
 */
import type { startMockWorker } from '../../src/entries/browser.js';
import { createHandlers, demoMock, type MockApp, type MockControl } from '../../src/entries/handlers.js';
import { useScenario } from '../../src/entries/scenarios.js';
import type { RemoteMock } from '../../src/node/control.js';
import { defineScenario } from '../../src/scenarios/index.js';
import type { PlayableScenario } from '../../src/scenarios/msw.js';

export async function plays(): Promise<void> {
  await demoMock.playScenario('ark-unknown-comes-back', { progression: 'manual' });
  const own = createHandlers({ baseUrl: { ark: 'https://ark.test/api/v3' } });
  await own.playScenario(defineScenario({ name: 'x', api: 'ark', timeline: [] }));
  // @ts-expect-error a misspelt library scenario
  await demoMock.playScenario('ark-unknown-comes-bak');
  await own.stopScenario();
}

// Every handle of a mock is the one interface: the handlers', a scenario's, the browser worker's, a
// MockApp, and the HTTP client's.
declare const worker: Awaited<ReturnType<typeof startMockWorker>>;
declare const app: MockApp;
declare const remote: RemoteMock;
export const handles: MockControl<PlayableScenario>[] = [
  demoMock,
  useScenario('ark-unknown-comes-back'),
  worker,
  app,
  remote,
];
