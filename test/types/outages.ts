/**
 * Type test (checked by `tsc -p .` in npm test): outages are typed per API, in process and
 * over HTTP: an operation of another API, a misspelt kind or an operation without its API do not
 * compile.
 */
import { demoMock } from '../../src/entries/handlers.js';
import type { RemoteMock } from '../../src/node/control.js';

export async function typed(mock: RemoteMock): Promise<void> {
  await demoMock.setOutages([{ api: 'ark', operation: 'listTasks', status: 503, times: 1 }]);
  await demoMock.setOutages([{ api: 'praxis', operation: 'listSessions', networkError: true }, { delayMs: 200 }]);
  await mock.setOutages([{ api: 'jsonrpc', path: '/tasks', timeoutMs: 10_000 }]);
  // @ts-expect-error listSessions is Praxis's, not Ark's
  await demoMock.setOutages([{ api: 'ark', operation: 'listSessions', status: 503 }]);
  // @ts-expect-error an operation belongs to one API: give its API
  await mock.setOutages([{ operation: 'listTasks', status: 503 }]);
  // @ts-expect-error networkError is true or absent
  await mock.setOutages([{ api: 'ark', networkError: false }]);
  // @ts-expect-error a rule says what to answer
  await demoMock.setOutages([{ api: 'ark', times: 1 }]);
}
