/**
 * Response validators: ajv (2020 dialect, strict, formats), each API's own (`ApiContract.validators`;
 * the built-in APIs' are compiled once at build time into `generated/validators.ts`, see compile.ts,
 * so nothing is compiled at run time). Validation
 * never throws and reports every error, as Violations.
 */
import type { ErrorObject } from 'ajv/dist/2020.js';
import { contractOf, type Face } from './faces.js';
import type { OperationIdOf } from './ids.js';
import { escapePointer } from './pointer.js';
import { findOperation, type Profile } from './schema.js';
import { validatorKey } from './validator-keys.js';
import type { Violation } from './violation.js';

/**
 * Where in the spec file the failing keyword is: ajv's schema path, relative to the validated
 * schema (`#/…`, under `pointer`) or inside a face's bundled components (`…/<face>/<profile>.json#/$defs/X/…`).
 */
function specPointer(face: Face, pointer: string, schemaPath: string): string {
  const component =
    /^https:\/\/agent-task-contracts\.invalid\/[a-z]+\/(?:strict|documented)\.json#\/\$defs\/(.*)$/.exec(schemaPath);
  if (component) return `${contractOf(face).specFile}#/components/schemas/${component[1]}`;
  // A path inside a referenced schema is relative to that schema: name both, apart.
  if (schemaPath.startsWith('#')) return `${pointer} (keyword ${schemaPath})`;
  return schemaPath;
}

function toViolations(
  face: Face,
  rule: string,
  pointer: string,
  errors: ErrorObject[] | null | undefined,
  data: unknown,
): Violation[] {
  // ajv overwrites `errors` on the next call: copy now.
  return (errors ?? []).map((error) => ({
    rule,
    instancePath: error.instancePath,
    message: `${error.instancePath || '(root)'} ${error.message ?? 'is invalid'}${describeParams(error)}`,
    source: {
      file: contractOf(face).specFile,
      sentence: `the schema at ${specPointer(face, pointer, error.schemaPath)}`,
    },
    value: valueAt(data, error.instancePath),
  }));
}

function describeParams(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) return ` (${params.allowedValues.join(', ')})`;
  if (error.keyword === 'additionalProperties') return ` (${String(params.additionalProperty)})`;
  return '';
}

function valueAt(data: unknown, pointer: string): unknown {
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
 * Validates a response body against the schema the documents give for that status, as the
 * conformance runner judges a live server (`documented` profile: shapes the documents do not
 * state are not asserted). Returns [] when it conforms; `undefined` when the documents give no
 * body for the status (Ark's errors: the spec's body there is an `x-assumption`). Pass
 * `'strict'` to hold a body to every keyword of the spec, as the mock holds itself.
 */
export function validateResponseBody<F extends Face>(
  face: F,
  operationId: OperationIdOf<F>,
  status: number,
  body: unknown,
  profile: Profile = 'documented',
): Violation[] | undefined {
  if (profile === 'documented' && isAssumedBody(face, operationId, status)) return undefined;
  return validateBody(face, operationId, status, body, profile);
}

/** Whether the spec's body for a status is the project's assumption, not the documents'. */
function isAssumedBody(face: Face, operationId: string, status: number): boolean {
  const { operation } = findOperation(face, operationId);
  const schema = operation.responses[String(status)]?.content?.['application/json']?.schema as
    | { $ref?: string; 'x-assumption'?: boolean }
    | undefined;
  if (!schema) return false;
  if (schema['x-assumption'] === true) return true;
  const name = schema.$ref?.replace('#/components/schemas/', '');
  return (
    name !== undefined &&
    (contractOf(face).spec.components?.schemas?.[name] as { 'x-assumption'?: boolean } | undefined)?.[
      'x-assumption'
    ] === true
  );
}

/** validateResponseBody for callers that hold the operation id as data (the contract's own laws). */
export function validateBody(
  face: Face,
  operationId: string,
  status: number,
  body: unknown,
  profile: Profile = 'strict',
): Violation[] | undefined {
  const fn = contractOf(face).validators[validatorKey({ face, profile, operationId, status })];
  if (fn === undefined) {
    findOperation(face, operationId); // an unknown operation is a caller's error, said as such
    return undefined;
  }
  if (fn(body)) return [];
  // Only a failure needs the operation's place in the spec, for the pointer.
  const { path, method } = findOperation(face, operationId);
  const pointer = `${contractOf(face).specFile}#/paths/${escapePointer(path)}/${method}/responses/${status}`;
  return toViolations(face, `${face}.response-schema`, `${pointer}/content/application~1json/schema`, fn.errors, body);
}

/** Validates one value against a named component schema (`Task`, `Session`, `BackgroundTask`…). */
export function validateComponent(
  face: Face,
  component: string,
  value: unknown,
  profile: Profile = 'strict',
): Violation[] {
  const fn = contractOf(face).validators[validatorKey({ face, profile, component })];
  if (fn === undefined)
    throw new Error(
      `no component "${component}" in ${contractOf(face).specFile}; components are the keys of components.schemas`,
    );
  if (fn(value)) return [];
  return toViolations(
    face,
    `${face}.schema`,
    `${contractOf(face).specFile}#/components/schemas/${component}`,
    fn.errors,
    value,
  );
}
