/**
 * The API a JSON input names (a seed body, an answer rule, a scenario file, a recording, a module's
 * contract, runner options): its `api` field, or the field's former name, read while users' files
 * and calls still say it (deprecated: `face`). Both given and different is refused, naming where.
 */

/** The former name of the field (deprecated), still read beside `api`. */
export const FORMER_API_FIELD = 'face'; // deprecated field name, kept by the rename codemod

/** Makes the error of a refused input: the caller's kind (a 400, a scenario error at its pointer, a usage error). */
export type ApiFieldFail = (message: string, field: string) => Error;

/** `record.api`, else the deprecated former field; `where` names the input in the default error. */
export function apiField(
  record: Readonly<Record<string, unknown>>,
  where: string,
  fail: ApiFieldFail = (message) => new Error(`${where}: ${message}`),
): unknown {
  const { api } = record;
  const former = record[FORMER_API_FIELD];
  if (former === undefined) return api;
  if (api !== undefined && api !== former)
    throw fail(
      `api ${JSON.stringify(api)} and ${FORMER_API_FIELD} ${JSON.stringify(former)} differ; ` +
        `${FORMER_API_FIELD} is the old name of api: give api alone`,
      FORMER_API_FIELD,
    );
  return former;
}

/** The field a record names its API by, for an error's pointer: the former one where it gave that alone. */
export function apiFieldName(record: Readonly<Record<string, unknown>>): string {
  return record.api === undefined && record[FORMER_API_FIELD] !== undefined ? FORMER_API_FIELD : 'api';
}

/** The record with its API under `api` alone (the former field moved there), for a reader that checks `api`. */
export function withApiField<T extends object>(record: T, where: string, fail?: ApiFieldFail): T {
  if (!(FORMER_API_FIELD in record)) return record;
  const api = apiField(record as Record<string, unknown>, where, fail);
  const { [FORMER_API_FIELD]: _former, ...rest } = record as Record<string, unknown>;
  return { ...rest, api } as unknown as T;
}

/**
 * A module written before the rename names its API (and its operations, lifecycles and rules theirs)
 * by the former field: `api` is set from it where absent, so such a module registers as it did;
 * both given and different is refused, naming the part.
 */
export function adoptApiField(part: object | undefined, where: string): void {
  if (part === undefined) return;
  const record = part as Record<string, unknown>;
  const api = apiField(record, where);
  if (!('api' in part) && typeof api === 'string') Object.assign(part, { api });
}

/** `adoptApiField` on a contract and the parts inside it that name their API. */
export function adoptContractApiFields(contract: {
  operations?: readonly { lifecycle?: object }[];
  rules?: readonly object[];
}): void {
  adoptApiField(contract, 'the contract');
  for (const [i, op] of (contract.operations ?? []).entries()) {
    adoptApiField(op, `contract.operations[${i}]`);
    adoptApiField(op.lifecycle, `contract.operations[${i}].lifecycle`);
  }
  for (const [i, rule] of (contract.rules ?? []).entries()) adoptApiField(rule, `contract.rules[${i}]`);
}
