/**
 * Faults the mock can inject, each named by the contract rule or law it breaks and each a
 * transform around the documented operation (see transform.ts). For people testing how a UI
 * copes with a misbehaving API, and for proving the conformance runner catches each one.
 */

import type { ApiSet } from '../../contract/api-set.js';
import type { AnyFaultId } from '../../contract/api-types.js';
import { lawsOf } from '../../contract/laws/catalogue.js';
import type { ListOperation } from '../../contract/operations.js';
import { allRules, judgedLive } from '../../contract/rules/index.js';
import { closestName } from '../../contract/words.js';
import { hasGenerators } from '../../generators/profiles.js';
import { mockedApiNames, mockOf } from '../apis.js';
import type { MockContext, MockRequest, MockResponse } from '../types.js';
import { brokenCount, itemRuleFault } from './shared.js';
import { changesOf, type FaultTransform } from './transform.js';

/**
 * Every fault the mock can inject into an API with types (`ApiTypes`): a rule or law id, so a
 * misspelt one is a type error. An API without types injects its own ids (strings).
 */
export type FaultId = AnyFaultId;

/** The suffix that asks a fault to break every object it can instead of one (`ark.ids-unique` has no such form). */
const EVERY = ':every';

/** Every injectable fault of a set: each item rule broken on one item, and each API's law transforms. */
function faultTransforms(apis: ApiSet): Map<string, FaultTransform> {
  return apis.derive(
    'fault-transforms',
    () =>
      new Map<string, FaultTransform>([
        // An API with generators has its item rules' faults (a runner's set may hold it without a mock);
        // a rule the runner does not judge (mockOnly) is no fault: nothing would catch it.
        ...allRules(apis)
          .filter((rule) => hasGenerators(rule.api, apis) && judgedLive(rule))
          .map((rule) => [rule.id, itemRuleFault(rule, apis)] as const),
        ...mockedApiNames(apis).flatMap((api) => Object.entries(mockOf(api, apis).faults)),
      ]),
  );
}

/** The transform a fault id asks for (`<id>:every` is the id's every-object form), or undefined. */
function transformOf(id: string, apis: ApiSet): FaultTransform | undefined {
  if (!id.endsWith(EVERY)) return faultTransforms(apis).get(id);
  return faultTransforms(apis).get(id.slice(0, -EVERY.length))?.every;
}

/** The id a fault id names, without its `:every`. */
const baseId = (id: string) => (id.endsWith(EVERY) ? id.slice(0, -EVERY.length) : id);

/** What the mock's state says of one injected fault. */
export interface FaultEffect {
  id: string;
  /** Which objects (or requests, or answers) the fault changes, and how. */
  changes: string;
  /** For an item-rule fault: how many objects it has broken, of how many it was shown, since the last reset. */
  broke?: { objects: number; of: number };
}

/** What each injected fault changes (and, for an item rule's, how many objects it broke so far). */
export function describeFaults(
  ids: Iterable<string>,
  memory: ReadonlyMap<string, number>,
  apis: ApiSet,
): FaultEffect[] {
  return [...ids].flatMap((id) => {
    const transform = transformOf(id, apis);
    if (!transform) return [];
    const isRule = allRules(apis).some((rule) => rule.id === baseId(id));
    const { broke, of } = brokenCount(memory, baseId(id));
    return [{ id, changes: changesOf(transform, apis), ...(isRule ? { broke: { objects: broke, of } } : {}) }];
  });
}

/** What each injectable fault changes, by id (docs/laws.md renders it beside each id). */
export function faultChanges(apis: ApiSet): Map<string, string> {
  return new Map([...faultTransforms(apis)].map(([id, transform]) => [id, changesOf(transform, apis)]));
}

/** Every injectable fault id of a set, item rules first. */
export function allFaults(apis: ApiSet): FaultId[] {
  return [...faultTransforms(apis).keys()] as FaultId[];
}

function concerns(id: string, op: ListOperation, apis: ApiSet): boolean {
  // Worked out once per pair (faults run on every request).
  const concerning = apis.derive('fault-concerns', () => new Map<string, boolean>());
  const key = `${op.api}|${op.operationId}|${id}`;
  let found = concerning.get(key);
  if (found === undefined) concerning.set(key, (found = decideConcerns(baseId(id), op, apis)));
  return found;
}

/**
 * Whether a fault concerns this operation: the laws judged on it (its own and its API-wide ones), its
 * items' and envelope's rules.
 */
function decideConcerns(id: string, op: ListOperation, apis: ApiSet): boolean {
  const rule = allRules(apis).find((r) => r.id === id);
  if (rule) return rule.api === op.api && (rule.target === op.target || rule.target === op.envelopeTarget);
  // Its own laws and the API-wide ones: an operation whose law prefix is the API's name (A2A's HTTP+JSON one)
  // does not take the laws of another whose prefix extends it (a2a.json-rpc.…).
  return lawsOf(op).some((law) => law.id === id);
}

/** Runs the documented operation inside the transforms of the faults asked for, in the order they are listed. */
export function withFaults(
  op: ListOperation,
  request: MockRequest,
  context: MockContext,
  documented: (request: MockRequest) => MockResponse,
): MockResponse {
  const { apis } = context;
  const transforms = [...context.faults].filter((id) => concerns(id, op, apis)).map((id) => transformOf(id, apis)!);
  if (transforms.length === 0) return documented(request);
  let edited = request;
  for (const t of transforms) if (t.request) edited = t.request(edited, context);
  let response = documented(edited);
  for (const t of transforms) if (t.response) response = t.response(response, request, context, op);
  return response;
}

function unknownFaults(ids: readonly string[], apis: ApiSet): string[] {
  return ids.filter((id) => !transformOf(id, apis));
}

/** The injectable fault ids of one API (its item rules and the laws with a transform), sorted. */
export function faultsOf(api: string, apis: ApiSet): FaultId[] {
  return faultsIn(apis, api);
}

/** `faultsOf` in a set. */
export function faultsIn(apis: ApiSet, api: string): FaultId[] {
  return allFaults(apis)
    .filter((id) => id.startsWith(`${api}.`))
    .sort();
}

/**
 * The closest injectable id within the API the unknown id names (`ark.…` is never answered with
 * an Everruns id), or undefined when it names no API or nothing is close enough to be a typo.
 */
function closestFault(id: string, apis: ApiSet): string | undefined {
  const api = id.slice(0, id.indexOf('.'));
  const candidates = faultsIn(apis, api);
  if (candidates.length === 0) return undefined;
  const closest = closestName(
    id.slice(api.length + 1),
    candidates.map((c) => c.slice(api.length + 1)),
  );
  return closest === undefined ? undefined : `${api}.${closest}`;
}

/**
 * Says which fault ids are unknown, the closest injectable id of the same API for each, and
 * which ids that API can inject; undefined when all are known.
 */
export function describeUnknownFaults(ids: readonly string[], apis: ApiSet): string | undefined {
  const unknown = unknownFaults(ids, apis);
  if (unknown.length === 0) return undefined;
  const namedApis = [
    ...new Set(unknown.map((id) => id.slice(0, id.indexOf('.'))).filter((api) => faultsIn(apis, api).length > 0)),
  ];
  const transforms = faultTransforms(apis);
  const said = unknown.map((id) => {
    if (transforms.has(baseId(id)))
      return (
        `fault "${id}": ${baseId(id)} has no every-object form (${changesOf(transforms.get(baseId(id))!, apis)}); ` +
        `"${EVERY}" is for item-rule faults, which break one object of each answer unless asked for every one`
      );
    const closest = closestFault(baseId(id), apis);
    return `unknown fault "${id}"${closest ? ` (did you mean "${closest}"?)` : ''}`;
  });
  const lists = namedApis.map((api) => `${api} can inject: ${faultsIn(apis, api).join(', ')}`);
  const prefixes = [...new Set(allFaults(apis).map((id) => id.slice(0, id.indexOf('.'))))];
  // docs/laws.md is rendered for the built-in APIs only: a user's module's faults are listed by the mock.
  const injectable =
    "only the rules and laws marked injectable are faults: the mock lists each API's in injectableFaults() " +
    "(GET /__mock/faults), and docs/laws.md the built-in APIs'";
  const where =
    namedApis.length > 0
      ? injectable
      : `a fault id starts with its API (${prefixes.join(', ')}); ${injectable} (${allFaults(apis).length} in all)`;
  return [...said, ...lists, where].join('; ');
}

/**
 * Says which fault ids are of an API the mock does not serve, naming that API and the ones it
 * serves; undefined when every id's API is served.
 */
function describeUnservedFaults(ids: readonly string[], served: readonly string[]): string | undefined {
  const foreign = ids.filter((id) => !served.includes(id.slice(0, id.indexOf('.'))));
  if (foreign.length === 0) return undefined;
  return foreign
    .map((id) => {
      const api = id.slice(0, id.indexOf('.'));
      return (
        `fault "${id}" is of API ${api}, which this mock does not serve (it serves ${served.join(', ')}): ` +
        `drop the fault, or mock ${api} too`
      );
    })
    .join('; ');
}

/** What is wrong with the fault ids asked of a mock serving `served`: unknown ids first; undefined when none. */
export function describeFaultProblems(
  ids: readonly string[],
  served: readonly string[],
  apis: ApiSet,
): string | undefined {
  return describeUnknownFaults(ids, apis) ?? describeUnservedFaults(ids, served);
}
