/**
 * Compiles validators with ajv (2020 dialect, strict, all errors, formats). At build time
 * (scripts/generate.ts) every built-in validator is emitted as one standalone ES module, so the
 * package loads no compiler; `standaloneSource` compiles any other schema the same way (the scenario
 * format's). At run time only `compileValidators` runs: a user's module compiles its own spec.
 */

import type { ValidateFunction } from 'ajv/dist/2020.js';
import { _, Ajv2020, type Format } from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';
import addFormatsModule from 'ajv-formats';
import type { ApiContract } from './api.js';
import { ApiSet } from './api-set.js';
import { formats } from './formats.js';
import type { OpenApiOperation } from './openapi.js';
import type { ApiName } from './registry.js';
import { bundleId, responseSchema, type SchemaReading, schemaBundle } from './schema.js';
import { validatorKey } from './validator-keys.js';

type Standalone = (ajv: Ajv2020, refs: Record<string, string>) => string;
const standaloneCode = ((standaloneModule as unknown as { default?: Standalone }).default ??
  standaloneModule) as unknown as Standalone;
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

const AJV_OPTIONS = { strict: true, allErrors: true, allowUnionTypes: true } as const;
const VOCABULARY = ['x-reference-only', 'x-assumption'];

const READINGS: readonly SchemaReading[] = ['strict', 'documented'];

function compiler(): Ajv2020 {
  const ajv = new Ajv2020({ ...AJV_OPTIONS, code: { source: true, esm: true, lines: false } });
  addFormats(ajv);
  ajv.addVocabulary(VOCABULARY);
  return ajv;
}

/** The contract's formats (formats.ts) on an instance; standalone code imports them from beside generated/. */
function contractFormats(ajv: Ajv2020): Ajv2020 {
  ajv.opts.code.formats = _`require("../formats.js").formats`;
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format as Format);
  return ajv;
}

/** A standalone ES module exporting one validator per name, for schemas with an `$id`. */
export function standaloneSource(schemas: Record<string, { $id: string }>): string {
  const ajv = compiler();
  const refs: Record<string, string> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    ajv.addSchema(schema);
    refs[name] = schema.$id;
  }
  return moduleSource(ajv, refs);
}

/** Adds one API's component bundles and response bodies (both readings) to `ajv`; returns key → schema id. */
function addValidatorSchemas(
  ajv: Ajv2020,
  api: ApiName,
  apis: ApiSet,
  shape: (schema: object) => object = (schema) => schema,
): Record<string, string> {
  const refs: Record<string, string> = {};
  const spec = apis.contractOf(api).spec;
  for (const reading of READINGS) {
    const responses = `https://agent-task-contracts.invalid/${api}/${reading}/responses`;
    ajv.addSchema(shape(schemaBundle(api, reading, apis)));
    for (const component of Object.keys(spec.components?.schemas ?? {}))
      refs[validatorKey({ api, reading, component })] = `${bundleId(api, reading)}#/$defs/${component}`;
    for (const item of Object.values(spec.paths)) {
      for (const op of Object.values(item) as OpenApiOperation[]) {
        for (const status of Object.keys(op.responses)) {
          const schema = responseSchema(api, op.operationId, Number(status), reading, apis);
          if (!schema) continue;
          const id = `${responses}/${op.operationId}/${status}.json`;
          ajv.addSchema(shape({ ...schema, $id: id }));
          refs[validatorKey({ api, reading, operationId: op.operationId, status: Number(status) })] = id;
        }
      }
    }
  }
  return refs;
}

/** A set's validators as one standalone ES module (`npm run generate` writes the built-in ones'). */
export function standaloneValidatorsSource(apis: ApiSet): string {
  const ajv = contractFormats(compiler());
  const refs: Record<string, string> = {};
  for (const api of apis.apiNames()) Object.assign(refs, addValidatorSchemas(ajv, api, apis, withoutDescriptions));
  return moduleSource(ajv, refs);
}

/** Values a schema holds as data (not subschemas): what a description inside them says is data too. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples', 'example']);

/**
 * A schema without its descriptions: standalone code embeds the schema objects, and the documents' quotes
 * in the descriptions made the validators a browser app loads larger than a bundler's chunk warning (500 kB).
 * No check reads them.
 */
function withoutDescriptions(schema: object): object {
  if (Array.isArray(schema)) return schema.map((item: unknown) => (isPlain(item) ? withoutDescriptions(item) : item));
  return Object.fromEntries(
    Object.entries(schema).flatMap(([key, value]): [string, unknown][] => {
      if (key === 'description' && typeof value === 'string') return [];
      if (DATA_KEYWORDS.has(key) || !isPlain(value)) return [[key, value]];
      return [[key, withoutDescriptions(value)]];
    }),
  );
}

const isPlain = (value: unknown): value is object => typeof value === 'object' && value !== null;

/**
 * Compiles an API's validators at run time (Node or a build step: this pulls in the ajv compiler)
 * from its contract, keyed as `ApiContract.validators` expects. The built-in APIs use the precompiled ones.
 */
export function compileValidators(contract: ApiContract): Record<string, ValidateFunction> {
  const ajv = contractFormats(new Ajv2020({ ...AJV_OPTIONS }));
  ajv.addVocabulary(VOCABULARY);
  const refs = addValidatorSchemas(ajv, contract.api, soleSet(contract));
  return Object.fromEntries(Object.entries(refs).map(([key, id]) => [key, ajv.getSchema(id) as ValidateFunction]));
}

function soleSet(contract: ApiContract): ApiSet {
  const set = new ApiSet();
  set.addContract(contract);
  return set;
}

function moduleSource(ajv: Ajv2020, refs: Record<string, string>): string {
  let code = standaloneCode(ajv, refs);
  // ajv's ESM output still `require`s its runtime helpers and the formats: turn those into imports.
  const modules = new Map<string, string>();
  code = code.replace(/require\("([^"]+)"\)/g, (_match, path: string) => {
    let name = modules.get(path);
    if (!name) modules.set(path, (name = `__runtime${modules.size}`));
    return name;
  });
  // Node and bundlers disagree on what a CommonJS module's default import is; __cjs gives the
  // same `module.exports`-like object under both.
  const imports = [...modules].flatMap(([path, name], i) => [
    `import * as __ns${i} from ${JSON.stringify(path.endsWith('.js') ? path : `${path}.js`)};`,
    `const ${name} = __cjs(__ns${i});`,
  ]);
  return [
    '// Generated by scripts/generate.ts (ajv standalone) from specs/. Do not edit; run `npm run generate`.',
    '// @ts-nocheck',
    '/* eslint-disable */',
    'function __cjs(ns) { const d = ns.default; ' +
      'return { ...ns, default: d !== null && typeof d === "object" && "default" in d ? d.default : d }; }',
    ...imports,
    code.replace(/^"use strict";/, ''),
    '',
  ].join('\n');
}
