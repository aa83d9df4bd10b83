/** `agent-task-contracts/overrides`, over the built-in API set, or the set given. */
import '../apis/types.js';
import type { OpenApiHttpHandlers } from 'openapi-msw';
import { builtinApis } from '../apis/builtin-set.js';
import type { ApiSet } from '../contract/api-set.js';
import type { ApiTask, TypedApiName } from '../contract/api-types.js';
import type { ApiName } from '../contract/registry.js';
import * as layer from '../overrides/index.js';
import type { DeepPartial } from '../types/index.js';

export { api, pages, type TypedApis, typedApis } from '../apis/overrides.js';
export * from '../overrides/index.js';

/** A typed `http` object for one API at its vendor's base URL (or `options.baseUrl`; `options.apis`: another set). */
export function typedApi<Paths extends object>(api: ApiName, options: layer.BaseUrls = {}): OpenApiHttpHandlers<Paths> {
  return layer.typedApi<Paths>(api, { ...options, apis: options.apis ?? builtinApis() });
}

/** The API's own error body for a status, as a Response (`apis`: another set than the built-in one). */
export function apiError(
  api: ApiName,
  status: 400 | 404 | 422 | 429 | 500 | 503,
  message?: string,
  apis: ApiSet = builtinApis(),
): Response {
  return layer.apiError(api, status, message, apis);
}

/** Partial tasks completed by the generators, as a list answer holds them (`apis`: another set). */
export function completedTasks<F extends TypedApiName>(
  api: F,
  tasks: readonly DeepPartial<ApiTask<F>>[],
  session: string,
  apis: ApiSet = builtinApis(),
): ApiTask<F>[] {
  return layer.completedTasks(api, tasks, session, apis);
}
