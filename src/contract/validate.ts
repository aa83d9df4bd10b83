/**
 * Response validators: ajv (2020 dialect, strict, formats), each API's own (`ApiContract.validators`;
 * the built-in APIs' are compiled once at build time into `generated/validators.ts`, see compile.ts,
 * so nothing is compiled at run time). Validation
 * never throws and reports every error, as Violations.
 */
import type { ErrorObject } from 'ajv/dist/2020.js';
import type { ApiSet } from './api-set.js';
import type { ApiName } from './api-types.js';
import type { OperationIdOf } from './ids.js';
import { componentRef, memberAt } from './members.js';
import type { JsonSchema } from './openapi.js';
import { escapePointer } from './pointer.js';
import { findOperation, responseSchema, type SchemaReading } from './schema.js';
import { validatorKey } from './validator-keys.js';
import type { Violation } from './violation.js';

/**
 * Where in the spec file the failing keyword is: ajv's schema path, relative to the validated
 * schema (`#/…`, under `pointer`) or inside an API's bundled components (`…/<api>/<reading>.json#/$defs/X/…`).
 */
function specPointer(specFile: string, pointer: string, schemaPath: string): string {
  const component =
    /^https:\/\/agent-task-contracts\.invalid\/[a-z]+\/(?:strict|documented)\.json#\/\$defs\/(.*)$/.exec(schemaPath);
  if (component) return `${specFile}#/components/schemas/${component[1]}`;
  // A path inside a referenced schema is relative to that schema: name both, apart.
  if (schemaPath.startsWith('#')) return `${pointer} (keyword ${schemaPath})`;
  return schemaPath;
}

/** Where the failing keyword was read: the schema validated (a response's or a component's) and its reading. */
interface Validated {
  root: JsonSchema | undefined;
  reading: SchemaReading;
  apis: ApiSet;
}

function toViolations(
  api: ApiName,
  rule: string,
  pointer: string,
  errors: ErrorObject[] | null | undefined,
  data: unknown,
  validated: Validated,
): Violation[] {
  // ajv overwrites `errors` on the next call: copy now.
  const { specFile } = validated.apis.contractOf(api);
  return (errors ?? []).map((error) => ({
    law: rule,
    instancePath: error.instancePath,
    message: describeError(api, validated, error, data),
    source: {
      file: specFile,
      sentence: `the schema at ${specPointer(specFile, pointer, error.schemaPath)}`,
    },
    value: valueAt(data, error.instancePath),
  }));
}

/**
 * The failure with its pointer, in ajv's words, then what the documents say of the failing member,
 * from its description in the spec (`002: "…"` names the document by its number), after a plain
 * reading where the keyword alone misleads: `not: {}` is "must be absent", and a null where the
 * member is absent when it has no value says so.
 */
function describeError(api: ApiName, { root, reading, apis }: Validated, error: ErrorObject, data: unknown): string {
  const base = `${error.instancePath || '(root)'} ${error.message ?? 'is invalid'}${describeParams(error)}`;
  if (!root || error.keyword === 'additionalProperties') return base;
  const keys = error.instancePath
    .split('/')
    .slice(1)
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') keys.push(params.missingProperty);
  const member = memberAt(api, root, keys, reading, apis);
  if (!member) return base;
  const name = keys[keys.length - 1] ?? '(root)';
  const value = valueAt(data, error.instancePath);
  const forbidden = member.schema.not;
  let said = base;
  if (error.keyword === 'not' && typeof forbidden === 'object' && Object.keys(forbidden ?? {}).length === 0)
    said = `${error.instancePath} must be absent`;
  else if (error.keyword === 'type' && value === null)
    said += member.required
      ? `: ${name} is never null`
      : `: ${name} is null; it is absent when it has no value, never null`;
  const quoted = documentQuote(apis.contractOf(api).documents, member.schema.description);
  return quoted ? `${said} — ${quoted}` : said;
}

/** A spec description that quotes a document (`002: "…"`), with the document's path for its number. */
function documentQuote(documents: readonly string[], description: unknown): string | undefined {
  if (typeof description !== 'string') return undefined;
  const match = /^(\d{3}):\s*([\s\S]+)$/.exec(description.trim());
  if (!match) return undefined;
  const file = documents.find((d) => d.slice(d.lastIndexOf('/') + 1).startsWith(`${match[1]}_`));
  return file ? `${file}: ${match[2]}` : undefined;
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
 * conformance runner judges a live server (`documented` reading: shapes the documents do not
 * state are not asserted). Returns [] when it conforms; `undefined` when the documents give no
 * body for the status (Ark's errors: the spec's body there is an `x-assumption`). Pass
 * `'strict'` to hold a body to every keyword of the spec, as the mock holds itself.
 */
export function validateResponseBody<F extends ApiName>(
  api: F,
  operationId: OperationIdOf<F>,
  status: number,
  body: unknown,
  reading: SchemaReading = 'documented',
  apis: ApiSet,
): Violation[] | undefined {
  if (reading === 'documented' && isAssumedBody(api, operationId, status, apis)) return undefined;
  return validateBody(api, operationId, status, body, reading, apis);
}

/** Whether the spec's body for a status is the project's assumption, not the documents'. */
function isAssumedBody(api: ApiName, operationId: string, status: number, apis: ApiSet): boolean {
  const { operation } = findOperation(api, operationId, apis);
  const schema = operation.responses[String(status)]?.content?.['application/json']?.schema as
    | { $ref?: string; 'x-assumption'?: boolean }
    | undefined;
  if (!schema) return false;
  if (schema['x-assumption'] === true) return true;
  const name = schema.$ref?.replace('#/components/schemas/', '');
  return (
    name !== undefined &&
    (apis.contractOf(api).spec.components?.schemas?.[name] as { 'x-assumption'?: boolean } | undefined)?.[
      'x-assumption'
    ] === true
  );
}

/** validateResponseBody for callers that hold the operation id as data (the contract's own laws). */
export function validateBody(
  api: ApiName,
  operationId: string,
  status: number,
  body: unknown,
  reading: SchemaReading = 'strict',
  apis: ApiSet,
): Violation[] | undefined {
  const contract = apis.contractOf(api);
  const fn = contract.validators[validatorKey({ api, reading, operationId, status })];
  if (fn === undefined) {
    findOperation(api, operationId, apis); // an unknown operation is a caller's error, said as such
    return undefined;
  }
  if (fn(body)) return [];
  // Only a failure needs the operation's place in the spec, for the pointer.
  const { path, method } = findOperation(api, operationId, apis);
  const pointer = `${contract.specFile}#/paths/${escapePointer(path)}/${method}/responses/${status}`;
  return toViolations(api, `${api}.response-schema`, `${pointer}/content/application~1json/schema`, fn.errors, body, {
    root: responseSchema(api, operationId, status, reading, apis),
    reading,
    apis,
  });
}

/** Validates one value against a named component schema (`Task`, `Session`, `BackgroundTask`…). */
export function validateComponent(
  api: ApiName,
  component: string,
  value: unknown,
  reading: SchemaReading = 'strict',
  apis: ApiSet,
): Violation[] {
  const contract = apis.contractOf(api);
  const fn = contract.validators[validatorKey({ api, reading, component })];
  if (fn === undefined)
    throw new Error(
      `no component "${component}" in ${contract.specFile}; components are the keys of components.schemas`,
    );
  if (fn(value)) return [];
  return toViolations(api, `${api}.schema`, `${contract.specFile}#/components/schemas/${component}`, fn.errors, value, {
    root: componentRef(component),
    reading,
    apis,
  });
}
