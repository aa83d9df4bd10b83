/**
 * What a derived behaviour reads of an operation's spec, once per API set: the status that refuses
 * an invalid value, each filter's documented values, and whether its page token is a number.
 */
import type { ApiSet } from '../../contract/api-set.js';
import type { JsonSchema, OpenApiDocument } from '../../contract/openapi.js';
import type { ListOperation } from '../../contract/operation-types.js';
import { findOperation } from '../../contract/schema.js';

export interface SpecFacts {
  /** The status of a refusal no `rejected` entry names: a documented 422, else 400 (as Prism answers). */
  validationStatus: number;
  /** The values the spec enumerates for each filter parameter that has them. */
  enums: ReadonlyMap<string, readonly string[]>;
  /** The page token is written as a number (Ark's `next_cursor`), not as text. */
  numericToken: boolean;
}

const COMPONENT = '#/components/schemas/';

/** A schema with its `$ref` to a component followed (one level at a time, a few levels deep). */
export function resolved(spec: OpenApiDocument, schema: unknown): JsonSchema | undefined {
  let current = schema as JsonSchema | undefined;
  for (let depth = 0; depth < 8 && typeof current?.$ref === 'string'; depth++) {
    const ref = current.$ref as string;
    current = ref.startsWith(COMPONENT) ? spec.components?.schemas?.[ref.slice(COMPONENT.length)] : undefined;
  }
  return current;
}

const typesOf = (schema: JsonSchema | undefined): unknown[] =>
  schema === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

export function specFacts(op: ListOperation, apis: ApiSet): SpecFacts {
  return apis.derive(`derived-facts|${op.api}|${op.operationId}`, () => {
    const { spec } = apis.contractOf(op.api);
    const { operation } = findOperation(op.api, op.operationId, apis);
    const enums = new Map<string, readonly string[]>();
    for (const filter of op.filters) {
      const param = operation.parameters?.find((p) => p.in === 'query' && p.name === filter.param);
      const schema = resolved(spec, param?.schema);
      // A comma-separated filter may document its values as an array's items.
      const values = schema?.enum ?? resolved(spec, schema?.items as JsonSchema | undefined)?.enum;
      if (Array.isArray(values) && values.length > 0) enums.set(filter.param, values.map(String));
    }
    let numericToken = false;
    if (op.paging.kind === 'token') {
      const page = resolved(spec, operation.responses['200']?.content?.['application/json']?.schema);
      const field = resolved(
        spec,
        (page?.properties as Record<string, JsonSchema> | undefined)?.[op.paging.responseField],
      );
      numericToken = typesOf(field).some((type) => type === 'integer' || type === 'number');
    }
    return { validationStatus: operation.responses['422'] !== undefined ? 422 : 400, enums, numericToken };
  });
}
