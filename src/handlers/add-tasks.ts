/**
 * Added tasks: a session holding exactly the tasks a test describes, as partial objects the
 * generators complete from a seed, each checked against the strict contract before it is stored.
 */

import type { ApiSet } from '../contract/api-set.js';
import { componentOf, fieldValue, setField, taskOperation } from '../contract/operations.js';
import type { ApiName } from '../contract/registry.js';
import { checkItem } from '../contract/rules/index.js';
import type { JsonObject } from '../contract/rules/types.js';
import { validateComponent } from '../contract/validate.js';
import { withArticle } from '../contract/words.js';
import { completer, unknownMembers } from '../generators/complete.js';
import { mockOf } from './apis.js';
import { ControlError } from './control-error.js';
import type { MockStore } from './store.js';

/** A partial task: any documented fields, the rest generated. Typed per API where the caller names it. */
export type TaskPartial = JsonObject;

export interface AddTasksOptions {
  /** Seed of the generated parts (default 1): the same partials and seed give the same tasks. */
  seed?: number;
  /** Clock time of the newest task's creation (the others one minute apart before it). */
  now?: number;
  /** Whether a generated id is already taken elsewhere (then another one is drawn). */
  taken?: (id: string) => boolean;
}

/**
 * Tasks that cannot be stored, as one sentence: which task (and field), and why; a task that breaks a
 * rule names the rule (`ark sesn-x tasks[0].started_at breaks ark.started-at-absent-before-start: …`).
 */
class AddTasksError extends ControlError {
  override name = 'AddTasksError';
  constructor(where: string, reason: string, rule?: string) {
    super(400, rule === undefined ? `${where}: ${reason}` : `${where} breaks ${rule}: ${reason}`);
  }
}

/** Completes and checks every partial; throws a AddTasksError naming the first problem. */
export function completeTasks(
  api: ApiName,
  session: string,
  partials: readonly TaskPartial[],
  options: AddTasksOptions = {},
  apis: ApiSet,
): JsonObject[] {
  if (!apis.has(api))
    throw new AddTasksError('api', `"${String(api)}" is not an API; use one of ${apis.apiNames().join(', ')}`);
  if (typeof session !== 'string' || session === '')
    throw new AddTasksError(
      'session',
      `give the id of the session the tasks belong to, a non-empty string (got ${shown(session)})`,
    );
  if (!Array.isArray(partials))
    throw new AddTasksError(
      'tasks',
      `give an array of partial tasks, e.g. [{ "state": "running" }] (got ${shown(partials)})`,
    );
  const idField = taskOperation(api, apis).idField;
  const now = options.now ?? Date.now();
  const filler = completer(api, options.seed ?? 1, now - (partials.length + 1) * 60_000, apis);
  const seen = new Set<string>();
  return partials.map((partial, i) => {
    const where = `${api} ${session} tasks[${i}]`;
    if (partial === null || typeof partial !== 'object' || Array.isArray(partial))
      throw new AddTasksError(
        where,
        `each task is an object of the fields you care about, e.g. { "state": "running" } (got ${shown(partial)})`,
      );
    const [unknown] = unknownMembers(api, 'task', partial, apis);
    if (unknown) {
      const meant = unknown.closest ? `; did you mean "${unknown.closest}"?` : '.';
      const parent = unknown.path.split('.').slice(0, -1).join('.');
      const kind = `${parent ? `${parent} in ` : ''}${withArticle(`${api} ${componentOf(api, 'task', apis)}`)}`;
      throw new AddTasksError(
        where,
        `"${unknown.name}" is not a field of ${kind}${meant} The spec declares ${unknown.declared.join(', ')}.`,
      );
    }
    let task = filler.complete('task', partial, session);
    // A generated id taken elsewhere in the store (the same partials added to another
    // session) is drawn again; an id the caller gave is theirs, and a clash is their error.
    for (
      let tries = 0;
      fieldValue(partial, idField) === undefined &&
      (seen.has(String(fieldValue(task, idField))) || options.taken?.(String(fieldValue(task, idField)))) &&
      tries < 100;
      tries++
    ) {
      const fresh = structuredClone(partial);
      setField(fresh, idField, filler.freshId('task'));
      task = filler.complete('task', fresh, session, task);
    }
    const problems = [
      ...validateComponent(api, componentOf(api, 'task', apis), task, 'strict', apis),
      ...checkItem(api, 'task', task, '', apis),
    ];
    const first = problems[0];
    if (first) {
      const field = first.instancePath === '' ? '' : `.${first.instancePath.slice(1).replace(/\//g, '.')}`;
      const value = first.instancePath
        .split('/')
        .slice(1)
        .reduce<unknown>(
          (at, key) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined),
          task,
        );
      // The value once: many rule messages quote it already.
      const quoted = value === undefined ? undefined : JSON.stringify(value);
      const reason =
        quoted === undefined || first.message.includes(quoted) ? first.message : `${first.message} (got ${quoted})`;
      throw new AddTasksError(`${where}${field}`, reason, first.law);
    }
    const id = String(fieldValue(task, idField));
    if (seen.has(id)) throw new AddTasksError(`${where}.${idField}`, `task ${id} is given twice; task ids are unique`);
    seen.add(id);
    return task;
  });
}

/** Replaces a session's tasks with the completed partials (Praxis: the session object is created when missing). */
export async function storeSessionTasks(
  store: MockStore,
  api: ApiName,
  session: string,
  partials: readonly TaskPartial[],
  options: AddTasksOptions = {},
): Promise<JsonObject[]> {
  const { apis } = store;
  const idField = taskOperation(api, apis).idField;
  const takenElsewhere = (id: string) => {
    const owner = store.task(api, id)?.session;
    return owner !== undefined && owner !== session;
  };
  const tasks = completeTasks(api, session, partials, { ...options, taken: takenElsewhere }, apis);
  for (const task of tasks) {
    const owner = store.task(api, String(fieldValue(task, idField)))?.session;
    if (owner !== undefined && owner !== session)
      throw new AddTasksError(
        `${api} ${session} tasks[${tasks.indexOf(task)}].${idField}`,
        `task ${String(fieldValue(task, idField))} already exists in session ${owner}; choose another id`,
      );
  }
  // An API that lists its sessions lists the added one too.
  const listed = mockOf(api, apis).listedSession;
  if (listed && !store.sessionObjects(api, (s) => s.id === session).length) {
    const sessionObject = completer(
      api,
      options.seed ?? 1,
      (options.now ?? Date.now()) - (tasks.length + 2) * 60_000,
      apis,
    ).complete('session', listed(session));
    try {
      await store.addSessionObject(api, sessionObject);
    } catch (error) {
      const binding = taskOperation(api, apis).session;
      const prefix = binding.in === 'path' ? binding.idPrefix : undefined;
      throw new AddTasksError(
        `${api} session ${session}`,
        `${api}.response-schema`,
        `${(error as Error).message}${prefix ? ` (${api} session ids look like ${prefix}…)` : ''}`,
      );
    }
  }
  store.removeTasks(api, session);
  store.addSession(api, session);
  for (const task of tasks) await store.addTask(api, session, task, true);
  return tasks;
}

/** A value as a message quotes it: JSON, cut short (a wrong argument may be anything, however large). */
function shown(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value); // a BigInt, a cycle
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
