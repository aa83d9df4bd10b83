/** Finds the operation for a face-relative path and runs it. Pure: no Fetch, no node:http. */
import type { Face } from '../contract/faces.js';
import { operation } from '../contract/operations.js';
import * as ark from './faces/ark.js';
import * as everruns from './faces/everruns.js';
import * as jsonrpc from './faces/jsonrpc.js';
import * as praxis from './faces/praxis.js';
import { withFaults } from './faults/index.js';
import { type MockContext, type MockRequest, type MockResponse, type Operation, type Route, json } from './types.js';

/** A documented GET operation, its path template read from the contract. */
function route(face: Face, operationId: string, run: Operation): Route {
  return { face, method: 'GET', template: operation(face, operationId).path, operationId, operation: run };
}

/** Path templates below each face's base URL (the spec's paths, with Praxis's /agent base kept in the base). */
export const ROUTES: readonly Route[] = [
  route('praxis', 'listSessions', praxis.listSessions),
  route('praxis', 'listBackgroundTasks', praxis.listBackgroundTasks),
  route('everruns', 'listTasks', everruns.listTasks),
  route('ark', 'listTasks', ark.listTasks),
  route('jsonrpc', 'listTasks', jsonrpc.listTasks),
];

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

/** An error in the face's own format, for requests no operation answers. */
export function errorResponse(
  face: Face,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  requestNumber = 0,
): MockResponse {
  let response: MockResponse;
  switch (face) {
    case 'praxis':
      response = praxis.anthropicError(
        status,
        status === 404 ? 'not_found_error' : status >= 500 ? 'api_error' : 'invalid_request_error',
        message,
        requestNumber,
      );
      break;
    case 'everruns':
      response = everruns.everrunsError(
        status,
        status === 404
          ? 'not_found'
          : status === 405
            ? 'method_not_allowed'
            : status >= 500
              ? 'internal_error'
              : 'bad_request',
        message,
      );
      break;
    case 'ark':
      response = ark.arkError(
        status,
        status === 404
          ? 'NotFound'
          : status === 405
            ? 'MethodNotAllowed'
            : status >= 500
              ? 'InternalServiceError'
              : 'InvalidParameter',
        message,
      );
      break;
    case 'jsonrpc':
      // FastAPI answers routing errors with a plain `detail` string.
      response = json(status, {
        detail: status === 404 ? 'Not Found' : status === 405 ? 'Method Not Allowed' : message,
      });
      break;
  }
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
  for (const route of ROUTES) {
    if (route.face !== face) continue;
    const params = matchTemplate(route.template, request.path);
    if (!params) continue;
    pathMatched = true;
    if (route.method !== request.method && !(request.method === 'HEAD' && route.method === 'GET')) continue;
    if (context.faults.size === 0) return route.operation(request, context, params);
    return withFaults(operation(face, route.operationId), request, context, (edited) =>
      route.operation(edited, context, params),
    );
  }
  return pathMatched
    ? methodNotAllowed(face, request.method, context.requestNumber)
    : notFound(face, request.method, request.path, context.requestNumber);
}
