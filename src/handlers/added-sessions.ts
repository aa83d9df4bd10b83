/**
 * Adding tasks to a running mock: the checks on the call (the API, the random seed, a scenario playing on
 * that API) and the sessions added so far, by API, which the state lists and reset forgets.
 */

import type { ApiName } from '../contract/registry.js';
import type { JsonObject } from '../contract/rules/types.js';
import type { AddTasksOptions, TaskPartial } from './add-tasks.js';
import { ControlError } from './control-error.js';
import type { MockStore } from './store.js';
import type { TimelinePlayer } from './timeline.js';

/** Where added tasks go and what could hide them. */
export interface AddTasksTarget {
  readonly store: MockStore;
  readonly scenario: TimelinePlayer | undefined;
  readonly now: number;
  /** The APIs the mock serves: tasks of another are refused. */
  readonly served: readonly ApiName[];
}

export class AddedSessions {
  private readonly byApi = new Map<ApiName, Set<string>>();

  /**
   * Puts exactly these tasks in a session, completed by the generators and checked against the
   * contract; refuses a call that names no API, a seed that is not an integer, or an API a scenario answers.
   */
  async addTasks(
    target: AddTasksTarget,
    api: ApiName,
    session: string,
    tasks: readonly TaskPartial[],
    options: AddTasksOptions,
  ): Promise<JsonObject[]> {
    checkAddTasksCall(target, api, options);
    // Loaded on demand: the generators behind addTasks are not needed to serve the demo data.
    const { storeSessionTasks } = await import('./add-tasks.js');
    const stored = await storeSessionTasks(target.store, api, session, tasks, { now: target.now, ...options });
    let sessions = this.byApi.get(api);
    if (!sessions) this.byApi.set(api, (sessions = new Set()));
    sessions.add(session);
    return stored;
  }

  /** The data they were in was rebuilt. */
  clear(): void {
    this.byApi.clear();
  }

  /** Each API's added sessions, sorted. */
  list(served: readonly ApiName[]): Record<ApiName, string[]> {
    return Object.fromEntries(served.map((api) => [api, [...(this.byApi.get(api) ?? [])].sort()])) as Record<
      ApiName,
      string[]
    >;
  }
}

function checkAddTasksCall(target: AddTasksTarget, api: ApiName, options: AddTasksOptions): void {
  // The body of POST /__mock/tasks passed to addTasks() from plain JavaScript.
  if (api !== null && typeof api === 'object' && 'api' in api)
    throw new ControlError(
      400,
      "addTasks takes the API, the session and the tasks as three arguments: addTasks('ark', 'sesn-x', " +
        "[{ state: 'unknown' }]); one object { api, session, tasks } is the body of POST /__mock/tasks",
      { example: ADD_TASKS_EXAMPLE },
    );
  if (!target.store.apis.has(api))
    throw new ControlError(400, `api must be one of ${target.served.join(', ')} (got ${JSON.stringify(api)})`, {
      example: ADD_TASKS_EXAMPLE,
    });
  if (!target.served.includes(api))
    throw new ControlError(400, `this mock does not serve ${api}; it serves ${target.served.join(', ')}`, {
      example: ADD_TASKS_EXAMPLE,
    });
  if (options.seed !== undefined && !Number.isInteger(options.seed))
    throw new ControlError(400, `seed must be an integer (got ${JSON.stringify(options.seed)})`, {
      example: ADD_TASKS_EXAMPLE,
    });
  const { scenario } = target;
  if (scenario?.api === api)
    throw new ControlError(
      409,
      `scenario "${scenario.describe().name}" plays on ${api}: ` +
        `it answers every ${api} request, so an added ${api} session would not be seen. Stop the scenario ` +
        'first (POST /__mock/scenario {"name": null}, or stopScenario()), or add tasks to another API',
    );
}

const ADD_TASKS_EXAMPLE = {
  api: 'ark',
  session: 'sesn-x',
  tasks: [{ state: 'unknown' }, { state: 'running', tool: { name: 'bash' } }],
  seed: 1,
};
