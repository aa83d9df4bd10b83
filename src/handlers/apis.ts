/**
 * The mock side of every API of a set, its error answers, and the set of a record of modules
 * (`apiSetOf`): all three sides of each, checked to name one API.
 */
import { type ApiSet, REGISTER_HINT, setOfModules } from '../contract/api-set.js';
import type { ApiName } from '../contract/registry.js';
import { registerGenerators } from '../generators/profiles.js';
import type { ApiModule, MockProfile } from './profile.js';
import type { MockResponse } from './types.js';

/** The side of an API set the mock reads. */
const SIDE = 'mock';

export function mockOf(api: ApiName, apis: ApiSet): MockProfile {
  const mock = apis.side<MockProfile>(SIDE, api);
  if (!mock)
    throw new Error(
      `the mock does not serve API "${api}"; it serves ${mockedApiNames(apis).join(', ')}; ${REGISTER_HINT}`,
    );
  return mock;
}

/** An error in the API's own format (a request no operation answers, a refusal, a 500). */
export function errorResponse(
  api: ApiName,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  requestNumber = 0,
  apis: ApiSet,
): MockResponse {
  const response = mockOf(api, apis).errorResponse(status, message, requestNumber);
  return { ...response, headers: { ...response.headers, ...headers } };
}

/**
 * Adds a list API to a set: its contract (spec, operations, rules, validators), its generator
 * profile and its mock behaviour. The three parts must name the same API, one the set lacks.
 */
function addApiModule(apis: ApiSet, module: ApiModule): void {
  const { contract, generators, mock } = module;
  if (generators.api !== contract.api || mock.api !== contract.api)
    throw new Error(
      "an API module's parts must name one API: " +
        `contract "${contract.api}", generators "${generators.api}", mock "${mock.api}"`,
    );
  const missing = contract.operations.filter((op) => !mock.operations[op.operationId]).map((op) => op.operationId);
  if (missing.length > 0)
    throw new Error(
      `API "${contract.api}": the mock has no behaviour for ${missing.join(', ')}; add it to mock.operations`,
    );
  // A repair is a type error to leave out; a module written in JavaScript learns it here.
  const unrepaired = contract.rules.filter((rule) => typeof rule.repair?.repair !== 'function').map((rule) => rule.id);
  if (unrepaired.length > 0)
    throw new Error(
      `API "${contract.api}": rules without a repair: ${unrepaired.join(', ')}; give each rule its repair ` +
        '({ repair, break }: how the generators repair an object to satisfy it, and break it)',
    );
  const registered = apis.side<MockProfile>(SIDE, contract.api);
  if (registered === mock && apis.holds(contract)) return;
  if (registered) throw new Error(`an API named "${contract.api}" is already in the set; choose another name`);
  apis.addContract(contract);
  registerGenerators(generators, apis);
  apis.addSide(SIDE, contract.api, mock, `an API named "${contract.api}" is already in the set; choose another name`);
}

/** An API set as a value: its modules by name, as `BUILTIN_APIS` is (`{ ...BUILTIN_APIS, acme }`). */
export type ApiModules = Readonly<Record<string, ApiModule>>;

const setsOfModules = new WeakMap<object, ApiSet>();

/**
 * The API set of these modules alone, made once per object: nothing of it is shared with the
 * process, so two mocks over two sets share nothing, and each may serve its own API of one name.
 * A key must be its module's API name.
 */
export function apiSetOf(modules: ApiModules): ApiSet {
  return setOfModules(modules, setsOfModules, addApiModule);
}

/** Whether an API's mock side is in a set (a lookup, for every request). */
export function isMocked(api: string, apis: ApiSet): boolean {
  return apis.side(SIDE, api) !== undefined;
}

/** The APIs whose mock side is in a set (a runner may register an API's contract alone): what a mock can serve. */
export function mockedApiNames(apis: ApiSet): ApiName[] {
  return apis.apiNamesWith(SIDE);
}

/** The APIs with demo data (a session the mock fills at start-up): the built-in ones, in order. */
export function demoApiNames(apis: ApiSet): ApiName[] {
  return mockedApiNames(apis).filter((api) => mockOf(api, apis).demo !== undefined);
}
