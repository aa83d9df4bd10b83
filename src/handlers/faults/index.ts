/**
 * Faults the mock can inject, each named by the contract rule or law it breaks and each a
 * transform around the documented operation (see transform.ts). For people testing how a UI
 * copes with a misbehaving API, and for proving the conformance runner catches each one.
 */

import type { AnyFaultId } from '../../contract/api-types.js';
import { type ListOperation, operationsOf } from '../../contract/operations.js';
import { onRegister } from '../../contract/registry.js';
import { allRules } from '../../contract/rules/index.js';
import { closestName } from '../../contract/words.js';
import { mockedApiNames, mockOf } from '../apis.js';
import type { MockContext, MockRequest, MockResponse } from '../types.js';
import { brokenCount, itemRuleFault } from './shared.js';
import type { FaultTransform } from './transform.js';

/**
 * Every fault the mock can inject into an API with types (`ApiTypes`): a rule or law id, so a
 * misspelt one is a type error. An API registered without types injects its own ids (strings).
 */
export type FaultId = AnyFaultId;

/** The suffix that asks a fault to break every object it can instead of one (`ark.ids-unique` has no such form). */
const EVERY = ':every';

let transforms: Map<string, FaultTransform> | undefined;
/** Which faults concern which operation, worked out once per pair (faults run on every request). */
const concerning = new Map<string, boolean>();
onRegister(() => {
  transforms = undefined;
  concerning.clear();
});

/** Every injectable fault: each item rule broken on one item, and each API's law transforms. */
function faultTransforms(): Map<string, FaultTransform> {
  transforms ??= new Map<string, FaultTransform>([
    ...allRules().map((rule) => [rule.id, itemRuleFault(rule)] as const),
    ...mockedApiNames().flatMap((api) => Object.entries(mockOf(api).faults)),
  ]);
  return transforms;
}

/** The transform a fault id asks for (`<id>:every` is the id's every-object form), or undefined. */
function transformOf(id: string): FaultTransform | undefined {
  if (!id.endsWith(EVERY)) return faultTransforms().get(id);
  return faultTransforms().get(id.slice(0, -EVERY.length))?.every;
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
export function describeFaults(ids: Iterable<string>, memory: ReadonlyMap<string, number>): FaultEffect[] {
  return [...ids].flatMap((id) => {
    const transform = transformOf(id);
    if (!transform) return [];
    const isRule = allRules().some((rule) => rule.id === baseId(id));
    const { broke, of } = brokenCount(memory, baseId(id));
    return [{ id, changes: transform.changes, ...(isRule ? { broke: { objects: broke, of } } : {}) }];
  });
}

/** What each injectable fault changes, by id (docs/rules.md renders it beside each id). */
export function faultChanges(): Map<string, string> {
  return new Map([...faultTransforms()].map(([id, transform]) => [id, transform.changes]));
}

/** Every injectable fault id, item rules first (an API registered later adds its own). */
export function allFaults(): FaultId[] {
  return [...faultTransforms().keys()] as FaultId[];
}

function concerns(id: string, op: ListOperation): boolean {
  const key = `${op.api}|${op.operationId}|${id}`;
  let found = concerning.get(key);
  if (found === undefined) concerning.set(key, (found = decideConcerns(baseId(id), op)));
  return found;
}

/**
 * Whether a fault concerns this operation: its laws (`<lawPrefix>.…`), its API-wide laws, its
 * items' and envelope's rules.
 */
function decideConcerns(id: string, op: ListOperation): boolean {
  const rule = allRules().find((r) => r.id === id);
  if (rule) return rule.api === op.api && (rule.target === op.target || rule.target === op.envelopeTarget);
  if (id.startsWith(`${op.lawPrefix}.`)) return true;
  return (
    id.startsWith(`${op.api}.`) &&
    !operationsOf(op.api).some((other) => id.startsWith(`${other.lawPrefix}.`) && other.lawPrefix !== op.api)
  );
}

/** Runs the documented operation inside the transforms of the faults asked for, in the order they are listed. */
export function withFaults(
  op: ListOperation,
  request: MockRequest,
  context: MockContext,
  documented: (request: MockRequest) => MockResponse,
): MockResponse {
  const transforms = [...context.faults].filter((id) => concerns(id, op)).map((id) => transformOf(id)!);
  if (transforms.length === 0) return documented(request);
  let edited = request;
  for (const t of transforms) if (t.request) edited = t.request(edited, context);
  let response = documented(edited);
  for (const t of transforms) if (t.response) response = t.response(response, request, context, op);
  return response;
}

function unknownFaults(ids: readonly string[]): string[] {
  return ids.filter((id) => !transformOf(id));
}

/** The injectable fault ids of one API (its item rules and the laws with a transform), sorted. */
export function faultsOf(api: string): FaultId[] {
  return allFaults()
    .filter((id) => id.startsWith(`${api}.`))
    .sort();
}

/**
 * The closest injectable id within the API the unknown id names (`ark.…` is never answered with
 * an Everruns id), or undefined when it names no API or nothing is close enough to be a typo.
 */
function closestFault(id: string): string | undefined {
  const api = id.slice(0, id.indexOf('.'));
  const candidates = faultsOf(api);
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
export function describeUnknownFaults(ids: readonly string[]): string | undefined {
  const unknown = unknownFaults(ids);
  if (unknown.length === 0) return undefined;
  const namedApis = [
    ...new Set(unknown.map((id) => id.slice(0, id.indexOf('.'))).filter((api) => faultsOf(api).length > 0)),
  ];
  const said = unknown.map((id) => {
    if (faultTransforms().has(baseId(id)))
      return (
        `fault "${id}": ${baseId(id)} has no every-object form (${faultTransforms().get(baseId(id))!.changes}); ` +
        `"${EVERY}" is for item-rule faults, which break one object of each answer unless asked for every one`
      );
    const closest = closestFault(baseId(id));
    return `unknown fault "${id}"${closest ? ` (did you mean "${closest}"?)` : ''}`;
  });
  const lists = namedApis.map((api) => `${api} can inject: ${faultsOf(api).join(', ')}`);
  const apis = [...new Set(allFaults().map((id) => id.slice(0, id.indexOf('.'))))];
  // docs/rules.md is rendered for the built-in APIs only: a registered module's faults are listed by the mock.
  const injectable =
    "only the rules and laws marked injectable are faults: the mock lists each API's in injectableFaults() " +
    "(GET /__mock/faults), and docs/rules.md the built-in APIs'";
  const where =
    namedApis.length > 0
      ? injectable
      : `a fault id starts with its API (${apis.join(', ')}); ${injectable} (${allFaults().length} in all)`;
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
export function describeFaultProblems(ids: readonly string[], served: readonly string[]): string | undefined {
  return describeUnknownFaults(ids) ?? describeUnservedFaults(ids, served);
}
