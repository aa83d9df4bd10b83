/**
 * Type test (checked by `tsc -p .` in npm test): a scenario written with defineScenario is held
 * to its own API's types, so each misspelling below is a compile error.
 */
import { defineScenario, type FaultIdOf, LIBRARY, type Scenario, useScenario } from '../../src/scenarios/index.js';

const ark = defineScenario({
  name: 'ark-retry',
  api: 'ark',
  sessions: [{ id: 'sesn-x' }],
  tasks: [{ session: 'sesn-x', task: { task_id: 'task-1', state: 'running', tool: { name: 'bash' } } }],
  timeline: [{ set: { 'task-1': { state: 'unknown' } } }, { set: { 'task-1': { state: 'succeeded' } }, faults: ['ark.order-newest-first'] }],
});
useScenario(ark);
// A typed scenario is a scenario the runtime plays.
const runtime: Scenario = ark;
void runtime;

// @ts-expect-error a state Ark does not have (Everruns calls it completed)
defineScenario({ name: 'x', api: 'ark', tasks: [{ session: 's', task: { task_id: 't', state: 'completed' } }], timeline: [] });
// @ts-expect-error a misspelt task field
defineScenario({ name: 'x', api: 'ark', tasks: [{ session: 's', task: { task_idd: 't' } }], timeline: [] });
// @ts-expect-error a misspelt nested field
defineScenario({ name: 'x', api: 'ark', tasks: [{ session: 's', task: { task_id: 't', tool: { nam: 'bash' } } }], timeline: [] });
// @ts-expect-error a misspelt state in a step's set
defineScenario({ name: 'x', api: 'everruns', timeline: [{ set: { t: { state: 'runing' } } }] });
// @ts-expect-error a misspelt field in a step's set
defineScenario({ name: 'x', api: 'jsonrpc', timeline: [{ set: { t: { stauts: 'working' } } }] });
// @ts-expect-error a Praxis status on a JSON-RPC task
defineScenario({ name: 'x', api: 'jsonrpc', timeline: [{ add: [{ session: 's', task: { id: 't', status: 'running' } }] }] });
// @ts-expect-error a misspelt fault id
defineScenario({ name: 'x', api: 'ark', timeline: [{ faults: ['ark.order-newest-frist'] }] });
// @ts-expect-error another API's fault id
defineScenario({ name: 'x', api: 'ark', timeline: [{ faults: ['everruns.not-a-server-error'] }] });
// @ts-expect-error a rule id that exists but cannot be injected is no fault either
defineScenario({ name: 'x', api: 'praxis', timeline: [{ faults: ['praxis.sessions.not-a-server-error'] }] });
// @ts-expect-error not an API
defineScenario({ name: 'x', api: 'arc', timeline: [] });
// @ts-expect-error a misspelt scenario key
defineScenario({ name: 'x', api: 'ark', timline: [] });
// @ts-expect-error a misspelt progression
defineScenario({ name: 'x', api: 'ark', progression: 'manaul', timeline: [] });
// @ts-expect-error session objects belong to Praxis scenarios
defineScenario({ name: 'x', api: 'ark', timeline: [{ sessions: [{ id: 'sesn-x' }] }] });
// Praxis sessions are partial sessions.
defineScenario({ name: 'x', api: 'praxis', sessions: [{ id: 'sesn_a', agent: { id: 'agent_a' } }], timeline: [{ sessions: [{ id: 'sesn_a', archived_at: '2026-01-01T00:00:00Z' }] }] });
// @ts-expect-error a misspelt Praxis session field
defineScenario({ name: 'x', api: 'praxis', sessions: [{ id: 'sesn_a', archivd_at: null }], timeline: [] });

// Fault ids per API.
const own: FaultIdOf<'ark'> = 'ark.paging-terminates';
// @ts-expect-error an Everruns id is not an Ark fault
const other: FaultIdOf<'ark'> = 'everruns.filter-state';
void [own, other];

// The library is typed the same way: its scenarios carry their API.
const library = LIBRARY['ark-unknown-comes-back'];
if (library.api === 'ark') void library.tasks?.[0]?.task.state;

