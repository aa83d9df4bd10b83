/** Finds the operation for an API-relative path and runs it. Pure: no Fetch, no node:http. */
import type { ApiSet } from '../contract/api-set.js';
import type { ApiName } from '../contract/registry.js';
import { mockOf } from './apis.js';
import { withFaults } from './faults/index.js';
import { matchTemplate } from './path-template.js';
import type { MockContext, MockRequest, MockResponse, Route } from './types.js';

/** The documented GET operations of an API: path templates from its contract, behaviour from its mock. */
export function routesOf(api: ApiName, apis: ApiSet): readonly Route[] {
  return apis.derive(`routes|${api}`, () => {
    const { operations } = mockOf(api, apis);
    return apis.contractOf(api).operations.map((op) => ({
      api,
      method: 'GET' as const,
      template: op.path,
      operationId: op.operationId,
      operation: operations[op.operationId]!,
      op,
    }));
  });
}

/** The operation a path below the API's base names, if any. */
export function operationAt(api: ApiName, path: string, apis: ApiSet): string | undefined {
  return routesOf(api, apis).find((route) => matchTemplate(route.template, path))?.operationId;
}

/** An error in the API's own format, for requests no operation answers. */
export function errorResponse(
  api: ApiName,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  requestNumber = 0,
  apis: ApiSet,
): MockResponse {
  const response = mockOf(api, apis).errorResponse(status, message, requestNumber);
  return { ...response, headers: { ...response.headers, ...headers } };
}

function notFound(api: ApiName, method: string, path: string, requestNumber: number, apis: ApiSet): MockResponse {
  const said = `no route for ${method.slice(0, 16)} ${path.slice(0, 200)}`;
  return errorResponse(api, 404, said, {}, requestNumber, apis);
}

function methodNotAllowed(api: ApiName, method: string, requestNumber: number, apis: ApiSet): MockResponse {
  return errorResponse(
    api,
    405,
    `method ${method.slice(0, 16)} is not allowed; this API is read-only (GET)`,
    { allow: 'GET, HEAD' },
    requestNumber,
    apis,
  );
}

export function handle(api: ApiName, request: MockRequest, context: MockContext): MockResponse {
  let pathMatched = false;
  for (const route of routesOf(api, context.apis)) {
    const params = matchTemplate(route.template, request.path);
    if (!params) continue;
    pathMatched = true;
    if (route.method !== request.method && !(request.method === 'HEAD' && route.method === 'GET')) continue;
    if (context.faults.size === 0) return route.operation(request, context, params);
    return withFaults(route.op, request, context, (edited) => route.operation(edited, context, params));
  }
  return pathMatched
    ? methodNotAllowed(api, request.method, context.requestNumber, context.apis)
    : notFound(api, request.method, request.path, context.requestNumber, context.apis);
}
