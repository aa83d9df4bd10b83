/** Finds the operation for a face-relative path and runs it. Pure: no Fetch, no node:http. */
import type { Face } from '../contract/index.js';
import * as ark from './faces/ark.js';
import * as everruns from './faces/everruns.js';
import * as jsonrpc from './faces/jsonrpc.js';
import * as praxis from './faces/praxis.js';
import { type MockContext, type MockRequest, type MockResponse, type Route, json } from './types.js';

/** Path templates below each face's base URL (the spec's paths, with Praxis's /agent base kept in the base). */
export const ROUTES: readonly Route[] = [
  { face: 'praxis', method: 'GET', template: '/v1/sessions', operation: praxis.listSessions },
  { face: 'praxis', method: 'GET', template: '/v1/sessions/{session_id}/background_tasks', operation: praxis.listBackgroundTasks },
  { face: 'everruns', method: 'GET', template: '/v1/sessions/{session_id}/tasks', operation: everruns.listTasks },
  { face: 'ark', method: 'GET', template: '/sessions/{session_id}/tasks', operation: ark.listTasks },
  { face: 'jsonrpc', method: 'GET', template: '/tasks', operation: jsonrpc.listTasks },
];

/** Matches a template segment by segment; `{name}` takes one non-empty segment, percent-decoded. */
export function matchTemplate(template: string, path: string): Record<string, string> | undefined {
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

/** The API's own error format for a request no route answers. */
function notFound(face: Face, method: string, path: string): MockResponse {
  const message = `no route for ${method} ${path.slice(0, 200)}`;
  switch (face) {
    case 'praxis':
      return praxis.anthropicError(404, 'not_found_error', message);
    case 'everruns':
      return everruns.everrunsError(404, 'not_found', message);
    case 'ark':
      return ark.arkError(404, 'NotFound', message);
    case 'jsonrpc':
      return json(404, { detail: 'Not Found' });
  }
}

function methodNotAllowed(face: Face, method: string): MockResponse {
  const message = `method ${method.slice(0, 16)} is not allowed; this API is read-only (GET)`;
  const headers = { allow: 'GET' };
  switch (face) {
    case 'praxis': {
      const r = praxis.anthropicError(405, 'invalid_request_error', message);
      return { ...r, headers: { ...r.headers, ...headers } };
    }
    case 'everruns':
      return { ...everruns.everrunsError(405, 'method_not_allowed', message), headers: { 'content-type': 'application/json', ...headers } };
    case 'ark':
      return { ...ark.arkError(405, 'MethodNotAllowed', message), headers: { 'content-type': 'application/json', ...headers } };
    case 'jsonrpc':
      return json(405, { detail: 'Method Not Allowed' }, headers);
  }
}

export function handle(face: Face, request: MockRequest, context: MockContext): MockResponse {
  let pathMatched = false;
  for (const route of ROUTES) {
    if (route.face !== face) continue;
    const params = matchTemplate(route.template, request.path);
    if (!params) continue;
    pathMatched = true;
    if (route.method !== request.method && !(request.method === 'HEAD' && route.method === 'GET')) continue;
    return route.operation(request, context, params);
  }
  return pathMatched ? methodNotAllowed(face, request.method) : notFound(face, request.method, request.path);
}
