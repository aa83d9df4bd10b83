/**
 * An API set: the APIs one mock, one run of the runner or one generator serves, by name, each its
 * contract and the sides other layers add to it (the generators' profile, the mock's behaviour).
 * The shared layers read every per-API fact from the set they are given, and have none of their
 * own: the package's entries and the CLI make the set (the built-in APIs, and the modules a user
 * adds) and pass it down. Two sets share nothing, so two mocks in one process may each serve an API
 * of the same name with its own module.
 */
import type { ApiContract } from './api.js';
import type { ApiName } from './api-types.js';
import { fieldNameProblem } from './field-names.js';
import { parsedFrom } from './openapi.js';
import type { ListOperation } from './operation-types.js';
import { lacksSessionParam } from './session-param.js';
import { specAgreementProblem } from './spec-agreement.js';

/** What an API's name is: lower-case letters, digits and dashes, starting with a letter (never a dot or a slash). */
export const API_NAME_PATTERN = /^[a-z][a-z0-9-]*$/;

/** An HTTP header name (RFC 9110's token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** What an error about an API no module gave says to do. */
export const REGISTER_HINT =
  "a module's API is known once it is in the API set given (apis: { ...BUILTIN_APIS, acme }, or --api FILE)";

/**
 * An operation belongs to the contract it was first added with (its spec file names it in every
 * message), held on the operation itself under this key: a copy made with `{ ...op, limit }` belongs
 * to the same contract, and a module loaded beside another copy of this package reads the same key.
 */
const CONTRACT = Symbol.for('agent-task-contracts/contract');
type Owned = ListOperation & { [CONTRACT]?: ApiContract };
const ownerOf = (op: ListOperation): ApiContract | undefined => (op as Owned)[CONTRACT];

export class ApiSet {
  private readonly contracts = new Map<string, ApiContract>();
  /** side → API → what that side holds for the API (`generators`, `mock`). */
  private readonly sides = new Map<string, Map<string, object>>();
  /** Tables derived from the whole set (routes, rules by target, the fault catalogue), dropped when it changes. */
  private derived = new Map<string, unknown>();
  /** The contract as the set holds it, where that is a copy (see `addContract`). */
  private readonly heldAs = new WeakMap<ApiContract, ApiContract>();

  /**
   * Adds an API's contract. Its name must be new in this set and start with a letter; the same
   * object twice is a no-op. An operation belongs to one contract (the laws judging it read that
   * contract's spec, rules and validators): a contract whose operation objects another contract
   * was added with (`{ ...jobs.contract, rules }`) is held with copies of them.
   */
  addContract(contract: ApiContract): void {
    const existing = this.contracts.get(contract.api);
    if (existing !== undefined && this.holds(contract)) return;
    if (existing) throw new Error(`an API named "${contract.api}" is already in the set; choose another name`);
    const refused = contractProblem(contract);
    if (refused) throw new Error(refused);
    const held = contract.operations.every((op) => (ownerOf(op) ?? contract) === contract)
      ? contract
      : withOwnOperations(contract);
    for (const op of held.operations)
      if (!ownerOf(op)) Object.defineProperty(op, CONTRACT, { value: held, enumerable: true });
    if (held !== contract) this.heldAs.set(contract, held);
    this.contracts.set(contract.api, held);
    this.derived = new Map();
  }

  /** Whether the set holds this contract (itself, or the copy it was added as). */
  holds(contract: ApiContract): boolean {
    const held = this.contracts.get(contract.api);
    return held !== undefined && (held === contract || held === this.heldAs.get(contract));
  }

  /** Adds what one side (`generators`, `mock`) holds for an API of the set; the same object twice is a no-op. */
  addSide(side: string, api: ApiName, value: object, refusal: string): void {
    let table = this.sides.get(side);
    if (!table) this.sides.set(side, (table = new Map()));
    const existing = table.get(api);
    if (existing === value) return;
    if (existing) throw new Error(refusal);
    table.set(api, value);
    this.derived = new Map();
  }

  /** What one side holds for an API, if it holds anything. */
  side<T extends object>(side: string, api: ApiName): T | undefined {
    return this.sides.get(side)?.get(api) as T | undefined;
  }

  /** Every API's name, in the order they were added. */
  apiNames(): ApiName[] {
    return [...this.contracts.keys()];
  }

  /** The APIs one side holds something for, in the set's order. */
  apiNamesWith(side: string): ApiName[] {
    const table = this.sides.get(side);
    return table ? this.apiNames().filter((api) => table.has(api)) : [];
  }

  /** Whether the set holds an API of this name (any value a caller sent: an addTasks body, a scenario's api). */
  has(api: unknown): api is ApiName {
    return typeof api === 'string' && this.contracts.has(api);
  }

  contractOf(api: ApiName): ApiContract {
    const contract = this.contracts.get(api);
    if (!contract)
      throw new Error(`unknown API "${api}"; the APIs are ${this.apiNames().join(', ')}; ${REGISTER_HINT}`);
    return contract;
  }

  /** A table derived from the set, made once until the set changes. */
  derive<T>(key: string, make: () => T): T {
    if (this.derived.has(key)) return this.derived.get(key) as T;
    const value = make();
    this.derived.set(key, value);
    return value;
  }
}

/**
 * The set of a record of modules by name (`{ ...BUILTIN_APIS, acme }`), made once per record for
 * one reader (`made`: the mock adds every side, the runner the contract and generators); each key
 * must be its module's API name. `fail` makes the reader's own error.
 */
export function setOfModules<M extends { contract: ApiContract }>(
  modules: Readonly<Record<string, M>>,
  made: WeakMap<object, ApiSet>,
  add: (set: ApiSet, module: M) => void,
  fail: (message: string) => Error = (message) => new Error(message),
): ApiSet {
  let set = made.get(modules);
  if (set) return set;
  set = new ApiSet();
  for (const [name, module] of Object.entries(modules)) {
    if (module === null || typeof module !== 'object' || !module.contract)
      throw fail(`apis.${name} is not an API module: a module is { contract, generators, mock } (defineApi makes one)`);
    if (module.contract.api !== name)
      throw fail(
        `apis.${name} is the module of API "${module.contract.api}"; key it by its name: ${module.contract.api}`,
      );
    add(set, module);
  }
  made.set(modules, set);
  return set;
}

/**
 * Options with the API set given: what a layer's functions take, so that a call that names none is a compile
 * error (the entry points give the built-in set to callers that name none).
 */
export type WithApis<O extends { apis?: ApiSet }> = O & { apis: ApiSet };

/**
 * The set a caller was given, where the caller's own caller may have left it out: a shared layer
 * has no set of its own to fall back on (the package's entries give the built-in one).
 */
export function givenSet<S extends object>(apis: S | undefined, where: string): S {
  if (apis === undefined)
    throw new Error(
      `${where}: no API set given; pass apis (the built-in modules and your own by name: ` +
        "{ ...BUILTIN_APIS, acme }), or call it from the package's entry points, which give the built-in set",
    );
  return apis;
}

/** Whether a text is a regular expression JavaScript reads. */
function isPattern(text: string): boolean {
  try {
    new RegExp(text);
    return true;
  } catch {
    return false;
  }
}

/** The contract an operation belongs to (its spec file names it in messages). */
export function contractOfOperation(op: ListOperation): ApiContract {
  const contract = ownerOf(op);
  if (!contract)
    throw new Error(
      `operation ${op.api}.${op.operationId} is in no API set: read operations from a set (operation(api, id, apis))`,
    );
  return contract;
}

const contractSets = new WeakMap<ApiContract, ApiSet>();

/**
 * The contract an operation belongs to, as a set of its own: what the contract layer reads when it
 * judges one operation (its spec, validators and rules are all its contract's), whatever set the
 * operation came from.
 */
export function apisOf(op: ListOperation): ApiSet {
  const contract = contractOfOperation(op);
  let set = contractSets.get(contract);
  if (!set) {
    set = new ApiSet();
    set.addContract(contract);
    contractSets.set(contract, set);
  }
  return set;
}

/** A contract with copies of its operations, its other members (a `validators` getter) as they are. */
function withOwnOperations(contract: ApiContract): ApiContract {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(contract)) as ApiContract;
  Object.defineProperty(copy, 'operations', {
    value: contract.operations.map(({ [CONTRACT]: _owner, ...op }: Owned) => op),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

/** Why a contract cannot be added: its name, its spec file, an operation's field names or session parameter. */
function contractProblem(contract: ApiContract): string | undefined {
  if (!API_NAME_PATTERN.test(contract.api))
    return `API name "${contract.api}" must be lower-case letters, digits and dashes, starting with a letter`;
  const refused = specFileProblem(contract);
  if (refused) return refused;
  for (const op of contract.operations) {
    const fields = fieldNameProblem(op);
    if (fields) return fields;
    const header = (op.headers ?? []).find((h) => !HEADER_NAME.test(h.name) || /[\r\n]/.test(h.value));
    if (header)
      return (
        `API "${contract.api}", operation ${op.operationId}: headers names ${JSON.stringify(header.name)} with the ` +
        `value ${JSON.stringify(header.value)}, which no request can carry; write a header name of letters, ` +
        'digits and dashes (A2A-Version) and a value on one line'
      );
    const pattern = (op.headers ?? []).find((h) => h.sameAs !== undefined && !isPattern(h.sameAs));
    if (pattern)
      return (
        `API "${contract.api}", operation ${op.operationId}: the header ${pattern.name}'s sameAs ` +
        `${JSON.stringify(pattern.sameAs)} is no regular expression; write one (^1\\.0\\.\\d+$)`
      );
    const disagreement = specAgreementProblem(op, contract.spec, contract.specFile);
    if (disagreement) return disagreement;
    const param = lacksSessionParam(op);
    if (param !== undefined)
      return (
        `API "${contract.api}", operation ${op.operationId}: its path ${op.path} has no {${param}}, the path ` +
        "parameter its session.param names (session_id when it names none); the runner, record and the mock's " +
        'command line fill the session in there: set session.param to the parameter that holds the session ' +
        '(a queue_id, a board_id) or write it into the path'
      );
  }
  return undefined;
}

/**
 * What is wrong with a contract's `specFile`: missing, or naming another file than the one
 * `parseSpec` read its spec from (the pointers in every message would send a reader elsewhere).
 */
function specFileProblem(contract: ApiContract): string | undefined {
  if (contract.spec === null || typeof contract.spec !== 'object')
    return (
      `API "${contract.api}": contract.spec is ${contract.spec === undefined ? 'missing' : 'not an object'}; ` +
      "it is the API's OpenAPI document: parseSpec(text, file) reads one"
    );
  const parsed = parsedFrom(contract.spec);
  const example = parsed === undefined ? '"specs/acme.openapi.yaml"' : `"${parsed}", or a path that ends with it`;
  const what =
    "it names the file contract.spec was read from in messages and reports, as a path relative to the project's " +
    `root (${example})`;
  const file = contract.specFile as unknown;
  if (typeof file !== 'string' || file.trim() === '')
    return `API "${contract.api}": contract.specFile is ${describeValue(file)}; ${what}`;
  if (parsed !== undefined && file !== parsed && !file.endsWith(`/${parsed.replace(/^(\.\/)+/, '')}`))
    return `API "${contract.api}": contract.specFile "${file}" is not the file its spec came from, ${parsed}; ${what}`;
  return undefined;
}

const describeValue = (value: unknown) => (value === undefined ? 'missing' : JSON.stringify(value));
