/**
 * Type test (checked by `tsc -p .` in npm test): the names users type are literal unions, so a
 * typo is a compile error, and the exported response types describe what the APIs return.
 */

import { createHandlers } from '../../src/apis/mock-functions.js';
import { checkItem, validateResponseBody } from '../../src/contract/index.js';
import { brokenObject } from '../../src/entries/generators.js';
import { useScenario } from '../../src/scenarios/index.js';
import type {
  ArkTask,
  ArkTaskPage,
  EverrunsTaskList,
  JsonRpcListTasksResponse,
  PraxisSessionList,
  TaskFor,
  TaskStateOf,
} from '../../src/types/index.js';
import { BUILTIN } from '../helpers/apis.js';

// A fault id.
createHandlers({ faults: ['ark.order-newest-first'] });
// @ts-expect-error misspelt fault id
createHandlers({ faults: ['ark.order-newest-frist'] });

// Typed control in process: fault ids and scenario names are checked.
const controlled = createHandlers();
void controlled.setFaults(['ark.order-newest-first']);
// @ts-expect-error misspelt fault id
void controlled.setFaults(['ark.order-newest-frist']);
const playing = useScenario('ark-unknown-comes-back');
void playing.playScenario('jsonrpc-queued-canceled', { progression: 'manual' });
// @ts-expect-error misspelt scenario name
void playing.playScenario('jsonrpc-queued-cancelled');
// @ts-expect-error not a progression
void playing.playScenario('jsonrpc-queued-canceled', { progression: 'sideways' });

// A scenario name.
useScenario('ark-unknown-comes-back');
// @ts-expect-error misspelt scenario name
useScenario('ark-unknown-come-back');

// An operation id, per API.
validateResponseBody('praxis', 'listSessions', 200, {}, undefined, BUILTIN);
// @ts-expect-error Ark has no listSessions
validateResponseBody('ark', 'listSessions', 200, {});

// A rule id.
brokenObject('ark.finished-at-only-when-terminal');
// @ts-expect-error misspelt rule id
brokenObject('ark.finished-at-only-when-terminals');

// A state.
const running: TaskStateOf['ark'] = 'running';
// @ts-expect-error not an Ark state
const paused: TaskStateOf['ark'] = 'paused';
void running;
void paused;

// The exported response types, and the validators take them without casts.
declare const page: ArkTaskPage;
const first: ArkTask | undefined = page.items[0];
if (first) checkItem('ark', 'task', first, undefined, BUILTIN);
// @ts-expect-error a misspelt field of an exported type
void first?.finishedAt;
declare const everruns: EverrunsTaskList;
declare const rpc: JsonRpcListTasksResponse;
declare const sessions: PraxisSessionList;
void [everruns[0]?.state, rpc.result?.[0]?.status, sessions.next_page];

// A task by API name: the generated type for a built-in API, a JSON object for one registered at run time.
declare const arkTask: TaskFor<'ark'>;
const arkState: TaskStateOf['ark'] = arkTask.state;
// @ts-expect-error a misspelt field of a built-in API's task
void arkTask.finishedAt;
declare const jobTask: TaskFor<'acme'>;
const jobField: unknown = jobTask.anything;
void [arkState, jobField];
