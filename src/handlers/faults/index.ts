/**
 * Faults the mock can inject, each named by the contract rule or law it breaks and each a
 * transform around the documented operation (see transform.ts). For people testing how a UI
 * copes with a misbehaving API, and for proving the conformance runner catches each one.
 */

import type { ARK_FAULTS } from '../../apis/ark/faults.js';
import type { EVERRUNS_FAULTS } from '../../apis/everruns/faults.js';
import type { JSONRPC_FAULTS } from '../../apis/jsonrpc/faults.js';
import type { PRAXIS_FAULTS } from '../../apis/praxis/faults.js';
import { faces, onRegister } from '../../contract/faces.js';
import { type ListOperation, operationsOf } from '../../contract/operations.js';
import type { ItemRuleId } from '../../contract/rules/index.js';
import { allRules } from '../../contract/rules/index.js';
import { mockOf } from '../apis.js';
import { closest } from '../closest.js';
import type { MockContext, MockRequest, MockResponse } from '../types.js';
import { itemRuleFault } from './shared.js';
import type { FaultTransform } from './transform.js';

/** The built-in APIs' law faults, read from the transforms each declares. */
type LawFaultId =
  | keyof typeof PRAXIS_FAULTS
  | keyof typeof EVERRUNS_FAULTS
  | keyof typeof ARK_FAULTS
  | keyof typeof JSONRPC_FAULTS;
/**
 * Every fault the mock can inject into a built-in API: a rule or law id, so a misspelt one is a
 * type error. An API registered at run time injects its own ids (strings).
 */
export type FaultId = ItemRuleId | LawFaultId;

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
    ...faces().flatMap((face) => Object.entries(mockOf(face).faults)),
  ]);
  return transforms;
}

/** Every injectable fault id, item rules first (an API registered later adds its own). */
export function allFaults(): FaultId[] {
  return [...faultTransforms().keys()] as FaultId[];
}

/** The built-in APIs' injectable fault ids. */
export const FAULTS: readonly FaultId[] = allFaults();

function concerns(id: string, op: ListOperation): boolean {
  const key = `${op.face}|${op.operationId}|${id}`;
  let found = concerning.get(key);
  if (found === undefined) concerning.set(key, (found = decideConcerns(id, op)));
  return found;
}

/**
 * Whether a fault concerns this operation: its laws (`<lawPrefix>.…`), its face-wide laws, its
 * items' and envelope's rules.
 */
function decideConcerns(id: string, op: ListOperation): boolean {
  const rule = allRules().find((r) => r.id === id);
  if (rule) return rule.face === op.face && (rule.target === op.target || rule.target === op.envelopeTarget);
  if (id.startsWith(`${op.lawPrefix}.`)) return true;
  return (
    id.startsWith(`${op.face}.`) &&
    !operationsOf(op.face).some((other) => id.startsWith(`${other.lawPrefix}.`) && other.lawPrefix !== op.face)
  );
}

/** Runs the documented operation inside the transforms of the faults asked for, in the order they are listed. */
export function withFaults(
  op: ListOperation,
  request: MockRequest,
  context: MockContext,
  documented: (request: MockRequest) => MockResponse,
): MockResponse {
  const transforms = [...context.faults].filter((id) => concerns(id, op)).map((id) => faultTransforms().get(id)!);
  if (transforms.length === 0) return documented(request);
  let edited = request;
  for (const t of transforms) if (t.request) edited = t.request(edited, context);
  let response = documented(edited);
  for (const t of transforms) if (t.response) response = t.response(response, request, context, op);
  return response;
}

function unknownFaults(ids: readonly string[]): string[] {
  return ids.filter((id) => !faultTransforms().has(id));
}

/** The injectable fault ids of one API (its item rules and the laws with a transform), sorted. */
export function faultsOf(face: string): FaultId[] {
  return allFaults()
    .filter((id) => id.startsWith(`${face}.`))
    .sort();
}

/**
 * The closest injectable id within the API the unknown id names (`ark.…` is never answered with
 * an Everruns id), or undefined when it names no API or nothing is close enough to be a typo.
 */
function closestFault(id: string): string | undefined {
  const face = id.slice(0, id.indexOf('.'));
  const candidates = faultsOf(face);
  if (candidates.length === 0) return undefined;
  const found = closest(
    id.slice(face.length + 1),
    candidates.map((candidate) => candidate.slice(face.length + 1)),
  );
  return found === undefined ? undefined : `${face}.${found}`;
}

/**
 * Says which fault ids are unknown, the closest injectable id of the same API for each, and
 * which ids that API can inject; undefined when all are known.
 */
export function describeUnknownFaults(ids: readonly string[]): string | undefined {
  const unknown = unknownFaults(ids);
  if (unknown.length === 0) return undefined;
  const faces = [
    ...new Set(unknown.map((id) => id.slice(0, id.indexOf('.'))).filter((face) => faultsOf(face).length > 0)),
  ];
  const said = unknown.map((id) => {
    const closest = closestFault(id);
    return `unknown fault "${id}"${closest ? ` (did you mean "${closest}"?)` : ''}`;
  });
  const lists = faces.map((face) => `${face} can inject: ${faultsOf(face).join(', ')}`);
  const apis = [...new Set(allFaults().map((id) => id.slice(0, id.indexOf('.'))))];
  const injectable = 'only the rules and laws marked injectable in docs/rules.md are faults';
  const where =
    faces.length > 0
      ? injectable
      : `a fault id starts with its API (${apis.join(', ')}); ${injectable} (${allFaults().length} in all)`;
  return [...said, ...lists, where].join('; ');
}
