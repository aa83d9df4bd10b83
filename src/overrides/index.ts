/**
 * Typed per-test overrides, built on openapi-msw: each API's paths, path and query parameters
 * and response bodies are typed from the generated OpenAPI types, so a misspelt path, field or
 * state is a compile error. Use them with `server.use(...)` (Node) or `worker.use(...)` (browser):
 *
 *   server.use(api.ark.get('/sessions/{session_id}/tasks', ({ request, response }) =>
 *     response(200).json(pages.ark([{ state: 'unknown' }], request))));
 */
import { createOpenApiHttp, type OpenApiHttpHandlers } from 'openapi-msw';
import type { Face } from '../contract/faces.js';
import { contractOf } from '../contract/faces.js';
import type { ArkPaths, EverrunsPaths, JsonRpcPaths, PraxisPaths } from '../types/index.js';

export interface TypedApis {
  praxis: OpenApiHttpHandlers<PraxisPaths>;
  everruns: OpenApiHttpHandlers<EverrunsPaths>;
  ark: OpenApiHttpHandlers<ArkPaths>;
  jsonrpc: OpenApiHttpHandlers<JsonRpcPaths>;
}

/** Typed `http` objects per API, at the vendors' base URLs or the ones given (as `createHandlers` takes them). */
export function typedApis(options: { baseUrl?: Partial<Record<Face, string>> } = {}): TypedApis {
  const base = (face: Face) => (options.baseUrl?.[face] ?? contractOf(face).vendorBaseUrl).replace(/\/+$/, '');
  return {
    praxis: createOpenApiHttp<PraxisPaths>({ baseUrl: base('praxis') }),
    everruns: createOpenApiHttp<EverrunsPaths>({ baseUrl: base('everruns') }),
    ark: createOpenApiHttp<ArkPaths>({ baseUrl: base('ark') }),
    jsonrpc: createOpenApiHttp<JsonRpcPaths>({ baseUrl: base('jsonrpc') }),
  };
}

/** The four APIs at their vendors' base URLs (what the default `handlers` mock). */
export const api: TypedApis = typedApis();

export { apiError, delay, networkError } from './answers.js';
export { pages, type RequestLike } from './pages.js';
