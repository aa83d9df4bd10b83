/** Finds the operation for an API-relative path and runs it. Pure: no Fetch, no node:http. */
import type { ApiName } from '../contract/registry.js';
import { contractOf, onRegister } from '../contract/registry.js';
import { mockOf } from './apis.js';
import { withFaults } from './faults/index.js';
import type { MockContext, MockRequest, MockResponse, Route } from './types.js';

const routesByApi = new Map<string, readonly Route[]>();
onRegister(() => routesByApi.clear());

/** The documented GET operations of an API: path templates from its contract, behaviour from its mock. */
export function routesOf(api: ApiName): readonly Route[] {
  let routes = routesByApi.get(api);
  if (!routes) {
    const { operations } = mockOf(api);
    routes = contractOf(api).operations.map((op) => ({
      api,
      method: 'GET',
      template: op.path,
      operationId: op.operationId,
      operation: operations[op.operationId]!,
    }));
    routesByApi.set(api, routes);
  }
  return routes;
}

/** Matches a template segment by segment; `{name}` takes one non-empty segment, percent-decoded. */
function matchTemplate(template: string, path: string): Record<string, string> | undefined {
  const want = template.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith('{') && w.endsWith('}')) {
      if (g === '') return undefined;
      let decoded: string;
      try {
        decoded = decodeURIComponent(g);
      } catch {
        return undefined;
      }
      params[w.slice(1, -1)] = decoded;
    } else if (w !== g) return undefined;
  }
  return params;
}

/** The operation a path below the API's base names, if any. */
export function operationAt(api: ApiName, path: string): string | undefined {
  return routesOf(api).find((route) => matchTemplate(route.template, path))?.operationId;
}

/** An error in the API's own format, for requests no operation answers. */
export function errorResponse(
  api: ApiName,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  requestNumber = 0,
): MockResponse {
  const response = mockOf(api).errorResponse(status, message, requestNumber);
  return { ...response, headers: { ...response.headers, ...headers } };
}

function notFound(api: ApiName, method: string, path: string, requestNumber: number): MockResponse {
  return errorResponse(api, 404, `no route for ${method.slice(0, 16)} ${path.slice(0, 200)}`, {}, requestNumber);
}

function methodNotAllowed(api: ApiName, method: string, requestNumber: number): MockResponse {
  return errorResponse(
    api,
    405,
    `method ${method.slice(0, 16)} is not allowed; this API is read-only (GET)`,
    { allow: 'GET, HEAD' },
    requestNumber,
  );
}

export function handle(api: ApiName, request: MockRequest, context: MockContext): MockResponse {
  let pathMatched = false;
  for (const route of routesOf(api)) {
    const params = matchTemplate(route.template, request.path);
    if (!params) continue;
    pathMatched = true;
    if (route.method !== request.method && !(request.method === 'HEAD' && route.method === 'GET')) continue;
    if (context.faults.size === 0) return route.operation(request, context, params);
    const op = contractOf(api).operations.find((o) => o.operationId === route.operationId)!;
    return withFaults(op, request, context, (edited) => route.operation(edited, context, params));
  }
  return pathMatched
    ? methodNotAllowed(api, request.method, context.requestNumber)
    : notFound(api, request.method, request.path, context.requestNumber);
}
