/**
 * What a page override is built with: the request's limit, cursor and session, and partial tasks
 * completed by the generators. Each API's page builder (`pages.ark`…) lives in its module.
 */
import type { ApiSet } from '../contract/api-set.js';
import type { ApiTask, TypedApiName } from '../contract/api-types.js';
import type { JsonObject } from '../contract/rules/types.js';
import { completeTasks } from '../handlers/add-tasks.js';
import type { DeepPartial } from '../types/index.js';

/** The request a page answers: its URL carries the limit and the cursor. */
export type RequestLike = { url: string } | URL | string;

const urlOf = (request: RequestLike): URL =>
  new URL(typeof request === 'string' || request instanceof URL ? request : request.url, 'http://page.invalid');
export const queryOf = (request: RequestLike): URLSearchParams => urlOf(request).searchParams;

/** The session a list is about: the path segment after `/sessions/`, else `fallback`. */
export function sessionOf(request: RequestLike | undefined, fallback: string): string {
  if (request === undefined) return fallback;
  const match = /\/sessions\/([^/]+)\//.exec(urlOf(request).pathname);
  return match ? decodeURIComponent(match[1]!) : fallback;
}

export function limitOf(query: URLSearchParams, fallback: number): number {
  const limit = Number(query.get('limit'));
  return Number.isInteger(limit) && limit > 0 ? limit : fallback;
}

/** Completed tasks by what was asked: an override answers every request without sampling again. */
const completed = new WeakMap<ApiSet, Map<string, unknown[]>>();

export function completedTasks<F extends TypedApiName>(
  api: F,
  tasks: readonly DeepPartial<ApiTask<F>>[],
  session: string,
  apis: ApiSet,
): ApiTask<F>[] {
  const key = `${api}|${session}|${JSON.stringify(tasks)}`;
  let done = completed.get(apis)?.get(key);
  if (!done) {
    let table = completed.get(apis);
    if (!table) completed.set(apis, (table = new Map()));
    if (table.size >= 200) table.clear();
    table.set(key, (done = completeTasks(api, session, tasks as readonly JsonObject[], {}, apis)));
  }
  // A copy: a test that edits what it got back does not change the next answer.
  return structuredClone(done) as ApiTask<F>[];
}

/** Offsets as cursors: opaque to the client, which passes them back unchanged. */
export function offsetPage<T>(items: readonly T[], start: number, limit: number): { items: T[]; next?: number } {
  const page = items.slice(start, start + limit);
  return start + limit < items.length ? { items: page, next: start + limit } : { items: page };
}
