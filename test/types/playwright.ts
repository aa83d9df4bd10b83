/**
 * Type test (checked by `tsc -p .` in npm test): the Playwright fixture's `mock` (`RemoteMock`) takes only
 * what the APIs have.
 */
import type { RemoteMock } from '../../src/node/index.js';
import { defineScenario } from '../../src/scenarios/index.js';

declare const mock: RemoteMock;
void mock.addTasks('ark', 'sesn-x', [{ state: 'unknown', tool: { name: 'bash' } }]);
// @ts-expect-error not an Ark state
void mock.addTasks('ark', 'sesn-x', [{ state: 'completed' }]);
// @ts-expect-error a misspelt field
void mock.addTasks('jsonrpc', 'demo', [{ stauts: 'working' }]);
void mock.setFaults(['ark.order-newest-first', 'praxis.sessions.cursor-bound-to-query']);
// @ts-expect-error a misspelt progression
void mock.playScenario('ark-unknown-comes-back', { progression: 'manaul' });
void mock.playScenario(defineScenario({ name: 'x', api: 'everruns', timeline: [] }));
void mock.stopScenario();
void mock.setFaults(['ark.order-newest-first']);
// @ts-expect-error a misspelt fault id
void mock.setFaults(['ark.order-newest-frist']);
void mock.playScenario('ark-unknown-comes-back', { progression: 'manual' });
// @ts-expect-error a misspelt scenario name
void mock.playScenario('ark-unknown-come-back');
// @ts-expect-error stopScenario(), not playScenario(null)
void mock.playScenario(null);
void mock.setOutages([{ api: 'ark', operation: 'listTasks', status: 503, times: 1 }]);
void mock.clock.freeze('2026-11-30T09:00:00Z');
const ark: string = mock.baseUrl.ark;
// @ts-expect-error no such API
void mock.baseUrl.arc;
void ark;
