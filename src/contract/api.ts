/**
 * What one API is to the contract: its documents, its spec, its operations as data, its item
 * rules and its compiled validators. Each built-in API fills one in (src/apis/<api>/contract.ts);
 * another list API joins an API set through the same interface (`{ ...BUILTIN_APIS, acme }`).
 * Types only.
 */
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { ApiName } from './api-types.js';
import type { OpenApiDocument } from './openapi.js';
import type { ListOperation } from './operation-types.js';
import type { ItemRule } from './rules/types.js';

export interface ApiContract {
  api: ApiName;
  /** The documents the API is written from, as `Source.file` names them. */
  documents: readonly string[];
  spec: OpenApiDocument;
  /** Where the spec lives, for pointers in messages (`specs/ark.openapi.yaml`). */
  specFile: string;
  /** The vendor's base URL, so application code calling the real API is intercepted. */
  vendorBaseUrl: string;
  operations: readonly ListOperation[];
  rules: readonly ItemRule[];
  /** Compiled validators by `validatorKey` (components and documented response bodies, both readings). */
  validators: Readonly<Record<string, ValidateFunction | undefined>>;
}

/** A contract as a module writes it: without `validators`, `defineApi` compiles them from the spec at first use. */
export type ApiContractInput = Omit<ApiContract, 'validators'> & Partial<Pick<ApiContract, 'validators'>>;
