/**
 * Response validators: ajv (2020 dialect, strict, formats), each schema compiled once and
 * cached. Validation never throws and reports every error, as Violations.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { type Face, SPEC_FILES } from './faces.js';
import { type Profile, bundleId, findOperation, responseSchema, schemaBundle } from './schema.js';
import type { Violation } from './violation.js';

// ajv-formats ships CommonJS; under NodeNext its default import is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

let ajvInstance: Ajv2020 | undefined;
function ajv(): Ajv2020 {
  if (ajvInstance) return ajvInstance;
  const instance = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  addFormats(instance);
  instance.addVocabulary(['x-reference-only', 'x-assumption']);
  for (const face of ['praxis', 'everruns', 'ark', 'jsonrpc'] as const) {
    for (const profile of ['strict', 'documented'] as const) instance.addSchema(schemaBundle(face, profile));
  }
  ajvInstance = instance;
  return instance;
}

const compiled = new Map<string, ValidateFunction>();

function compile(key: string, build: () => object): ValidateFunction {
  let fn = compiled.get(key);
  if (!fn) {
    fn = ajv().compile(build());
    compiled.set(key, fn);
  }
  return fn;
}

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
export function validateResponseBody(
  face: Face,
  operationId: string,
  status: number,
  body: unknown,
  profile: Profile = 'strict',
): Violation[] | undefined {
  const schema = responseSchema(face, operationId, status, profile);
  if (schema === undefined) return undefined;
  const { path, method } = findOperation(face, operationId);
  const fn = compile(`${face}|${operationId}|${status}|${profile}`, () => schema);
  if (fn(body)) return [];
  const pointer = `${SPEC_FILES[face]}#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}/responses/${status}`;
  return toViolations(`${face}.response-schema`, SPEC_FILES[face], pointer, fn.errors, body);
}

/** Validates one value against a named component schema (`Task`, `Session`, `BackgroundTask`…). */
export function validateComponent(face: Face, component: string, value: unknown, profile: Profile = 'strict'): Violation[] {
  const fn = compile(`${face}|component|${component}|${profile}`, () => ({ $ref: `${bundleId(face, profile)}#/$defs/${component}` }));
  if (fn(value)) return [];
  return toViolations(`${face}.schema`, SPEC_FILES[face], `${SPEC_FILES[face]}#/components/schemas/${component}`, fn.errors, value);
}
