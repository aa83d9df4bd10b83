/** The mock side of every built-in API module: what the handlers layer reads. */
import type { MockProfile } from '../handlers/profile.js';
import { ARK_DEMO, arkMock } from './ark/mock.js';
import { EVERRUNS_DEMO, everrunsMock } from './everruns/mock.js';
import { JSONRPC_DEMO, jsonrpcMock } from './jsonrpc/mock.js';
import { PRAXIS_DEMO, praxisMock } from './praxis/mock.js';

export const BUILTIN_MOCKS: readonly MockProfile[] = [praxisMock, everrunsMock, arkMock, jsonrpcMock];

/** The built-in APIs' demo ids and counts, by API (what the README's demo data section lists). */
export const DEMO = { praxis: PRAXIS_DEMO, everruns: EVERRUNS_DEMO, ark: ARK_DEMO, jsonrpc: JSONRPC_DEMO } as const;
