/** The mock side of every built-in API module: what the handlers layer reads. */
import type { MockProfile } from '../handlers/profile.js';
import { arkMock } from './ark/mock.js';
import { everrunsMock } from './everruns/mock.js';
import { jsonrpcMock } from './jsonrpc/mock.js';
import { praxisMock } from './praxis/mock.js';

export const BUILTIN_MOCKS: readonly MockProfile[] = [praxisMock, everrunsMock, arkMock, jsonrpcMock];
