/**
 * Turns a scenario (partial objects and step changes) into full states per step: partial
 * objects are completed by the generators from the scenario's seed, every state change is
 * checked against the API's lifecycle, and every object against the strict contract, unless
 * its step is marked `fault`.
 */

import { type ApiSet, REGISTER_HINT } from '../contract/api-set.js';
import { mayFollow } from '../contract/lifecycle.js';
import { componentOf, fieldValue, taskOperation } from '../contract/operations.js';
import { escapePointer } from '../contract/pointer.js';
import type { ApiName } from '../contract/registry.js';
import { checkItem, itemRule } from '../contract/rules/index.js';
import type { JsonObject, RuleTarget } from '../contract/rules/types.js';
import { validateComponent } from '../contract/validate.js';
import { completer } from '../generators/complete.js';
import { advanceSnapshot } from '../generators/lifecycles.js';
import { mockedApiNames, mockOf } from '../handlers/apis.js';
import { describeUnknownFaults } from '../handlers/faults/index.js';
import { ScenarioError } from './error.js';
import * as precompiled from './generated/validator.js';
import type { Scenario, StepState, Timeline } from './types.js';

type SchemaProblem = { instancePath: string; message?: string; params?: Record<string, unknown> };
type Validate = ((data: unknown) => boolean) & { errors?: SchemaProblem[] | null };
const validateFile = (precompiled as unknown as { scenario_file: Validate }).scenario_file;

function taskLifecycle(api: ApiName, apis: ApiSet) {
  const op = taskOperation(api, apis);
  return { lifecycle: op.lifecycle!, stateField: op.stateField! };
}

/** A schema problem in words, the member it names when it names one ("must NOT have additional properties: face"). */
function problemWords(problem: SchemaProblem): string {
  const member = problem.params?.additionalProperty;
  const said = problem.message ?? 'does not match scenarios/schema.json';
  return typeof member === 'string' ? `${said}: ${member}` : said;
}

/** Checks the file against scenarios/schema.json; throws with the first problem's pointer, naming every problem. */
function checkScenarioShape(value: unknown, file: string): asserts value is Scenario {
  if (validateFile(value)) return;
  const [first, ...rest] = validateFile.errors ?? [];
  const others = rest.map((problem) => `${problem.instancePath || '(root)'}: ${problemWords(problem)}`);
  const also = others.length > 0 ? `; and ${others.join('; ')}` : '';
  throw new ScenarioError(
    file,
    first?.instancePath ?? '',
    `${first ? problemWords(first) : 'does not match scenarios/schema.json'}${also} (see scenarios/schema.json)`,
  );
}

/** A scenario checked and compiled into its steps, against an API set. */
export function compileScenario(input: unknown, file = '(scenario)', apis: ApiSet): Timeline {
  checkScenarioShape(input, file);
  const scenario = input;
  const api = scenario.api;
  if (!apis.has(api))
    throw new ScenarioError(
      file,
      '/api',
      `unknown API "${api}"; the APIs are ${apis.apiNames().join(', ')}; ${REGISTER_HINT}`,
    );
  const idField = taskOperation(api, apis).idField;
  const { lifecycle, stateField } = taskLifecycle(api, apis);
  let counter = 0;
  const filler = completer(api, scenario.seed ?? 1, undefined, apis);

  const check = (target: RuleTarget, item: JsonObject, pointer: string, skip: boolean) => {
    if (skip) return;
    const component = componentOf(api, target === 'session' ? 'session' : 'task', apis);
    // Recordings hold a live API's objects: judge them as the conformance runner would.
    const violations = [
      ...validateComponent(api, component, item, scenario.exact ? 'documented' : 'strict', apis),
      ...checkItem(api, target, item, '', apis),
    ].filter((v) => !itemRule(v.law, apis).listOnly); // a stored object need not satisfy what lists show
    if (violations.length > 0) {
      const v = violations[0]!;
      throw new ScenarioError(
        file,
        `${pointer}${v.instancePath}`,
        `${v.law}: ${v.message} (set the field to agree, or mark the step "fault: true")`,
      );
    }
  };
  /**
   * Completes a partial object: generated values, creation times that follow the order objects
   * appear in (lists are newest first), the user's fields, the rules' repairs, the user's fields again.
   */
  const complete = (
    target: RuleTarget,
    partial: JsonObject,
    session: string | undefined,
    base?: JsonObject,
  ): JsonObject => (scenario.exact ? { ...(base ?? {}), ...partial } : filler.complete(target, partial, session, base));

  const knownFaults = (faults: string[] | undefined, pointer: string) => {
    for (const [i, f] of (faults ?? []).entries()) {
      const unknown = describeUnknownFaults([f], apis);
      if (unknown) throw new ScenarioError(file, `${pointer}/${i}`, unknown);
    }
    return faults;
  };

  // Step 0. An API that lists its sessions has session objects; the others only session ids.
  const listedSession = mockOf(api, apis).listedSession;
  const sessions = new Map<string, JsonObject | null>();
  for (const [i, s] of (scenario.sessions ?? []).entries()) {
    const id = String(s.id);
    if (sessions.has(id)) throw new ScenarioError(file, `/sessions/${i}/id`, `session ${id} is declared twice`);
    const full = listedSession
      ? complete('session', scenario.exact ? s : { ...listedSession(id), ...s }, undefined)
      : null;
    if (full) check('session', full, `/sessions/${i}`, scenario.fault === true);
    sessions.set(id, full);
  }
  const tasks = new Map<string, { seq: number; session: string; task: JsonObject }>();
  const place = (placed: { session: string; task: JsonObject }, pointer: string, skip: boolean, exact: boolean) => {
    const id = fieldValue(placed.task, idField);
    if (typeof id !== 'string' || id === '')
      throw new ScenarioError(
        file,
        `${pointer}/task${idField}`,
        `every ${api} task needs its ${idField} (a non-empty string)`,
      );
    if (!sessions.has(placed.session)) {
      if (listedSession && !exact)
        throw new ScenarioError(
          file,
          `${pointer}/session`,
          `session ${placed.session} is not declared under "sessions"`,
        );
      sessions.set(placed.session, null);
    }
    const task = exact ? placed.task : complete('task', placed.task, placed.session);
    check('task', task, `${pointer}/task`, skip);
    const existing = tasks.get(id);
    // A task replaced as a whole (recordings) may have moved several steps between two polls.
    const from = existing ? String(fieldValue(existing.task, stateField)) : undefined;
    const to = String(fieldValue(task, stateField));
    if (existing && !skip && from !== to && !mayFollow(lifecycle, from!, to))
      throw new ScenarioError(
        file,
        `${pointer}/task${stateField}`,
        `${api} lifecycle never leads from ${from} to ${to}; mark the step "fault: true" to show it anyway`,
      );
    tasks.set(id, { seq: existing?.seq ?? ++counter, session: placed.session, task });
  };
  for (const [i, placed] of (scenario.tasks ?? []).entries()) {
    if (tasks.has(String(fieldValue(placed.task, idField))))
      throw new ScenarioError(
        file,
        `/tasks/${i}/task${idField}`,
        `task ${String(fieldValue(placed.task, idField))} is declared twice`,
      );
    place(placed, `/tasks/${i}`, scenario.fault === true, scenario.exact === true);
  }

  let faults: string[] = [];
  let latencyMs = 0;
  const snapshot = (note?: string, answers: StepState['answers'] = []): StepState => ({
    sessionObjects: [...sessions.values()].filter((s): s is JsonObject => s !== null),
    sessions: [...sessions.keys()],
    tasks: [...tasks.values()].sort((a, b) => a.seq - b.seq).map((t) => ({ ...t })),
    faults,
    latencyMs,
    answers,
    ...(note ? { note } : {}),
  });
  const steps: StepState[] = [snapshot()];

  for (const [n, step] of scenario.timeline.entries()) {
    const at = `/timeline/${n}`;
    const skip = step.fault === true;
    for (const [i, s] of (step.sessions ?? []).entries()) {
      if (!listedSession) {
        const listers = mockedApiNames(apis).filter((f) => mockOf(f, apis).listedSession);
        throw new ScenarioError(
          file,
          `${at}/sessions/${i}`,
          `${api} has no session objects (its tasks name their session by id); ` +
            `only an API that lists its sessions (${listers.join(', ')}) takes "sessions"`,
        );
      }
      const id = String(s.id);
      const full = complete('session', s, undefined, sessions.get(id) ?? undefined);
      check('session', full, `${at}/sessions/${i}`, skip);
      sessions.set(id, full);
    }
    for (const [i, id] of (step.removeSessions ?? []).entries()) {
      if (!sessions.delete(id))
        throw new ScenarioError(file, `${at}/removeSessions/${i}`, `no session ${id} to remove`);
    }
    for (const [id, fields] of Object.entries(step.set ?? {})) {
      const pointer = `${at}/set/${escapePointer(id)}`;
      const current = tasks.get(id);
      if (!current) throw new ScenarioError(file, pointer, `no task ${id} at this step`);
      const from = String(fieldValue(current.task, stateField));
      const asked = fieldValue(fields, stateField);
      const to = asked === undefined ? from : String(asked);
      if (to !== from && !skip && !(lifecycle.transitions[from] ?? []).includes(to))
        throw new ScenarioError(
          file,
          `${pointer}${stateField}`,
          `${api} lifecycle does not allow ${from} -> ${to} ` +
            `(allowed: ${(lifecycle.transitions[from] ?? []).join(', ') || 'none, it is final'}); ` +
            'mark the step "fault: true" to show it anyway',
        );
      const moved =
        to !== from && !scenario.exact ? advanceSnapshot(api, current.task, to, 60_000, undefined, apis) : current.task;
      const task = skip || scenario.exact ? { ...moved, ...fields } : complete('task', fields, current.session, moved);
      check('task', task, pointer, skip);
      tasks.set(id, { ...current, task });
    }
    for (const [i, placed] of (step.add ?? []).entries()) {
      if (tasks.has(String(fieldValue(placed.task, idField))))
        throw new ScenarioError(
          file,
          `${at}/add/${i}/task${idField}`,
          `task ${String(fieldValue(placed.task, idField))} already exists; change it with "set"`,
        );
      place(placed, `${at}/add/${i}`, skip, scenario.exact === true);
    }
    for (const [i, placed] of (step.put ?? []).entries()) place(placed, `${at}/put/${i}`, skip, true);
    for (const [i, id] of (step.remove ?? []).entries()) {
      if (!tasks.delete(id)) throw new ScenarioError(file, `${at}/remove/${i}`, `no task ${id} to remove`);
    }
    if (step.faults) faults = knownFaults(step.faults, `${at}/faults`)!;
    if (step.latencyMs !== undefined) latencyMs = step.latencyMs;
    for (const [i, answer] of (step.answers ?? []).entries()) {
      if (answer.status === undefined && answer.timeoutMs === undefined)
        throw new ScenarioError(
          file,
          `${at}/answers/${i}`,
          'an answer needs the status received, or timeoutMs when none came',
        );
    }
    steps.push(snapshot(step.note, step.answers ?? []));
  }
  return { scenario, steps };
}
