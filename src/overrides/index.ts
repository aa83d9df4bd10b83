/**
 * Typed per-test overrides, built on openapi-msw: an API's paths, path and query parameters and
 * response bodies are typed from its OpenAPI types, so a misspelt path, field or state is a
 * compile error. Use them with `server.use(...)` (Node) or `worker.use(...)` (browser):
 *
 *   server.use(api.ark.get('/sessions/{session_id}/tasks', ({ request, response }) =>
 *     response(200).json(pages.ark([{ state: 'unknown' }], request))));
 *
 * The built-in APIs' `api` and `pages` are composed at the package's entry (src/apis/overrides.ts);
 * a module's own API gets the same with `typedApi<Paths>(name)` and the page helpers below.
 */
import { createOpenApiHttp, type OpenApiHttpHandlers } from 'openapi-msw';
import { type ApiSet, givenSet } from '../contract/api-set.js';
import type { ApiName } from '../contract/registry.js';

/**
 * Where an API is mocked: its vendor base URL unless given another (as `createHandlers` takes
 * them); `apis`, the set the API is read from (a mock's `app.apis`; the overrides entry gives the built-in one).
 */
export type BaseUrls = { baseUrl?: Partial<Record<ApiName, string>>; apis?: ApiSet };

/**
 * A typed `http` object for one API, from the `paths` type openapi-typescript generates from its
 * spec: `typedApi<JobsPaths>('jobs').get('/sessions/{session_id}/jobs', …)`.
 */
export function typedApi<Paths extends object>(api: ApiName, options: BaseUrls = {}): OpenApiHttpHandlers<Paths> {
  const apis = givenSet(options.apis, 'typedApi');
  const baseUrl = (options.baseUrl?.[api] ?? apis.contractOf(api).vendorBaseUrl).replace(/\/+$/, '');
  return createOpenApiHttp<Paths>({ baseUrl });
}

export { apiError, delay, networkError } from './answers.js';
export { completedTasks, limitOf, offsetPage, queryOf, type RequestLike, sessionOf } from './pages.js';
