/** Finds the operation for a face-relative path and runs it. Pure: no Fetch, no node:http. */
import type { Face } from '../contract/faces.js';
import { contractOf, onRegister } from '../contract/faces.js';
import { mockOf } from './apis.js';
import { withFaults } from './faults/index.js';
import type { MockContext, MockRequest, MockResponse, Route } from './types.js';

const routesByFace = new Map<string, readonly Route[]>();
onRegister(() => routesByFace.clear());

/** The documented GET operations of an API: path templates from its contract, behaviour from its mock. */
export function routesOf(face: Face): readonly Route[] {
  let routes = routesByFace.get(face);
  if (!routes) {
    const { operations } = mockOf(face);
    routes = contractOf(face).operations.map((op) => ({
      face,
      method: 'GET',
      template: op.path,
      operationId: op.operationId,
      operation: operations[op.operationId]!,
    }));
    routesByFace.set(face, routes);
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
export function operationAt(face: Face, path: string): string | undefined {
  return routesOf(face).find((route) => matchTemplate(route.template, path))?.operationId;
}

/** An error in the face's own format, for requests no operation answers. */
export function errorResponse(
  face: Face,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  requestNumber = 0,
): MockResponse {
  const response = mockOf(face).errorResponse(status, message, requestNumber);
  return { ...response, headers: { ...response.headers, ...headers } };
}

function notFound(face: Face, method: string, path: string, requestNumber: number): MockResponse {
  return errorResponse(face, 404, `no route for ${method.slice(0, 16)} ${path.slice(0, 200)}`, {}, requestNumber);
}

function methodNotAllowed(face: Face, method: string, requestNumber: number): MockResponse {
  return errorResponse(
    face,
    405,
    `method ${method.slice(0, 16)} is not allowed; this API is read-only (GET)`,
    { allow: 'GET, HEAD' },
    requestNumber,
  );
}

export function handle(face: Face, request: MockRequest, context: MockContext): MockResponse {
  let pathMatched = false;
  for (const route of routesOf(face)) {
    const params = matchTemplate(route.template, request.path);
    if (!params) continue;
    pathMatched = true;
    if (route.method !== request.method && !(request.method === 'HEAD' && route.method === 'GET')) continue;
    if (context.faults.size === 0) return route.operation(request, context, params);
    const op = contractOf(face).operations.find((o) => o.operationId === route.operationId)!;
    return withFaults(op, request, context, (edited) => route.operation(edited, context, params));
  }
  return pathMatched
    ? methodNotAllowed(face, request.method, context.requestNumber)
    : notFound(face, request.method, request.path, context.requestNumber);
}
