/**
 * Response validators: ajv (2020 dialect, strict, formats), compiled once at build time into
 * `generated/validators.ts` (see compile.ts), so nothing is compiled at run time. Validation
 * never throws and reports every error, as Violations.
 */
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { type Face, SPEC_FILES } from './faces.js';
import * as precompiled from './generated/validators.js';
import type { OperationIdOf } from './ids.js';
import { type Profile, findOperation } from './schema.js';
import { validatorKey } from './validator-keys.js';
import type { Violation } from './violation.js';

const VALIDATORS = precompiled as unknown as Record<string, ValidateFunction | undefined>;

function toViolations(rule: string, file: string, pointer: string, errors: ErrorObject[] | null | undefined, data: unknown): Violation[] {
  // ajv overwrites `errors` on the next call: copy now.
  return (errors ?? []).map((error) => ({
    rule,
    instancePath: error.instancePath,
    message: `${error.instancePath || '(root)'} ${error.message ?? 'is invalid'}${describeParams(error)}`,
    source: { file, sentence: `${pointer}${error.schemaPath.replace(/^#/, '')}` },
    value: valueAt(data, error.instancePath),
  }));
}

function describeParams(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) return ` (${params.allowedValues.join(', ')})`;
  if (error.keyword === 'additionalProperties') return ` (${String(params.additionalProperty)})`;
  return '';
}

export function valueAt(data: unknown, pointer: string): unknown {
  if (pointer === '') return data;
  let current: unknown = data;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * Validates a response body against the schema the spec documents for that status.
 * Returns [] when it conforms; `undefined` when the spec documents no body for the status.
 */
export function validateResponseBody<F extends Face>(face: F, operationId: OperationIdOf<F>, status: number, body: unknown, profile: Profile = 'strict'): Violation[] | undefined {
  return validateBody(face, operationId, status, body, profile);
}

/** validateResponseBody for callers that hold the operation id as data (the contract's own laws). */
export function validateBody(face: Face, operationId: string, status: number, body: unknown, profile: Profile = 'strict'): Violation[] | undefined {
  const fn = VALIDATORS[validatorKey({ face, profile, operationId, status })];
  if (fn === undefined) {
    findOperation(face, operationId); // an unknown operation is a caller's error, said as such
    return undefined;
  }
  if (fn(body)) return [];
  // Only a failure needs the operation's place in the spec, for the pointer.
  const { path, method } = findOperation(face, operationId);
  const pointer = `${SPEC_FILES[face]}#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}/responses/${status}`;
  return toViolations(`${face}.response-schema`, SPEC_FILES[face], pointer, fn.errors, body);
}

/** Validates one value against a named component schema (`Task`, `Session`, `BackgroundTask`…). */
export function validateComponent(face: Face, component: string, value: unknown, profile: Profile = 'strict'): Violation[] {
  const fn = VALIDATORS[validatorKey({ face, profile, component })];
  if (fn === undefined) throw new Error(`no component "${component}" in ${SPEC_FILES[face]}; components are the keys of components.schemas`);
  if (fn(value)) return [];
  return toViolations(`${face}.schema`, SPEC_FILES[face], `${SPEC_FILES[face]}#/components/schemas/${component}`, fn.errors, value);
}
