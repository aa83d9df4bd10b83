import { type Lifecycle, liveToAnyTransitions } from '../../contract/lifecycle.js';
import { finding, has, isObject } from '../../contract/rules/check-helpers.js';
import type { ItemRule, JsonObject } from '../../contract/rules/types.js';
import type { components } from '../../contract/types/everruns.js';

export const EVERRUNS_DOCUMENT = 'specs/sources/001_5ef50488d1ca2e3f.txt';
const DOC = EVERRUNS_DOCUMENT;
/** The spec's states: a misspelt state in the lifecycle or a rule is a compile error. */
type EverrunsTaskState = components['schemas']['TaskState'];
const TERMINAL = ['succeeded', 'failed', 'canceled'] as const satisfies readonly EverrunsTaskState[];
const LIVE = ['queued', 'running', 'awaiting_input'] as const satisfies readonly EverrunsTaskState[];
const ALL = [...LIVE, ...TERMINAL];

export const everrunsLifecycle: Lifecycle<EverrunsTaskState> = {
  api: 'everruns',
  states: ALL,
  terminal: TERMINAL,
  // The document names classes, not edges: active and interrupted tasks may move anywhere
  // (re-attach increments attempt), terminal ones never move again.
  transitions: liveToAnyTransitions(LIVE, TERMINAL),
  source: {
    file: DOC,
    sentence:
      'Three classes: active (`queued`, `running`), interrupted (`awaiting_input`, resumable), terminal ' +
      '(`succeeded`, `failed`, `canceled`).',
  },
};

const UNSUCCESSFUL: readonly string[] = ['failed', 'canceled'];
/** An absolute URL: a scheme, then what the WHATWG parser accepts after it. */
function isAbsoluteUrl(text: string): boolean {
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

/** Error kinds 001 places on failed tasks only. */
const FAILED_ONLY_KINDS: readonly string[] = ['timeout', 'rejection'];
/**
 * Not started yet, as one answer shows it: queued on its first attempt (a re-attached task may be
 * queued again with what an earlier attempt produced), and no time says it started, beat or ended.
 */
const relativeUrl = (a: unknown) =>
  typeof a === 'object' &&
  a !== null &&
  typeof (a as JsonObject).url === 'string' &&
  !/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/\S/.test((a as JsonObject).url as string);

/** A URL (a scheme, then `//`): what lives elsewhere, never a path in the session's filesystem. */
const URL_FORM = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//;
const urlPath = (a: unknown) => isObject(a) && typeof a.path === 'string' && URL_FORM.test(a.path);

const notStartedYet = (task: JsonObject) =>
  task.state === 'queued' &&
  (task.attempt === undefined || task.attempt === 1) &&
  ['started_at', 'heartbeat_at', 'finished_at'].every((key) => task[key] === undefined || task[key] === null);

export const everrunsRules = [
  {
    id: 'everruns.input-request-only-while-awaiting-input',
    api: 'everruns',
    target: 'task',
    source: { file: DOC, sentence: 'input_request: Pending ask while `awaiting_input`; cleared when answered.' },
    // An active task's ask was answered (it runs again) or never made: either way none is pending. A task that
    // ended while it waited (failed, canceled) was not answered, and nothing says its ask is cleared then.
    statement: 'input_request is null or absent while the task is active (queued or running).',
    check(task) {
      if (
        has(task, 'input_request') &&
        task.input_request !== null &&
        typeof task.state === 'string' &&
        task.state !== 'awaiting_input' &&
        !(TERMINAL as readonly string[]).includes(task.state)
      )
        return finding(
          '/input_request',
          `input_request is set but state is ${task.state}; it is a pending ask only while awaiting_input`,
          task.input_request,
        );
      return [];
    },
    repair: {
      breaks: 'gives a task that is not awaiting input an input_request (one awaiting input or ended becomes running)',
      members: ['state', 'input_request'],
      repair(t) {
        if (t.state !== 'awaiting_input' && t.input_request !== undefined) t.input_request = null;
      },
      break(t) {
        const ended = (TERMINAL as readonly string[]).includes(String(t.state));
        if (t.state === 'awaiting_input' || ended) t.state = 'running';
        t.input_request = { id: 'ask_stale', prompt: 'Which branch should I use?' };
      },
    },
  },
  {
    id: 'everruns.attempt-starts-at-1',
    api: 'everruns',
    target: 'task',
    source: { file: DOC, sentence: 'attempt: Execution attempt, starting at 1. Incremented on re-attach.' },
    statement: 'attempt, when present, is at least 1.',
    applies: (task) => typeof task.attempt === 'number',
    check(task) {
      if ((task.attempt as number) < 1)
        return finding('/attempt', `attempt is ${String(task.attempt)}; attempts start at 1`, task.attempt);
      return [];
    },
    repair: {
      breaks: 'sets attempt to 0',
      members: ['attempt'],
      repair(t) {
        if (typeof t.attempt === 'number' && t.attempt < 1) t.attempt = 1;
      },
      break(t) {
        t.attempt = 0;
      },
    },
  },
  {
    id: 'everruns.result-path-shape',
    api: 'everruns',
    target: 'task',
    source: { file: DOC, sentence: 'result_path: Machine result in the session VFS: `/.tasks/{task_id}/result.json`.' },
    statement: "result_path, when set, is /.tasks/{id}/result.json for the task's own id.",
    applies: (task) => typeof task.result_path === 'string',
    check(task) {
      if (typeof task.id !== 'string') return [];
      const expected = `/.tasks/${task.id}/result.json`;
      if (task.result_path !== expected)
        return finding(
          '/result_path',
          `result_path is ${JSON.stringify(task.result_path)}, expected ${JSON.stringify(expected)}`,
          task.result_path,
        );
      return [];
    },
    repair: {
      breaks: 'sets result_path to "/tasks/<id>.json"',
      members: ['result_path', 'id'],
      repair(t) {
        if (typeof t.result_path === 'string') t.result_path = `/.tasks/${String(t.id)}/result.json`;
      },
      break(t) {
        t.result_path = `/tasks/${String(t.id)}.json`;
      },
    },
  },
  {
    id: 'everruns.error-only-when-failed-or-canceled',
    api: 'everruns',
    target: 'task',
    source: {
      file: DOC,
      sentence:
        'error: Terminal error detail. Timeout/rejection/orphaned are kinds, not states. — state: Timeout and ' +
        'rejection are `error.kind` values on `failed`, not states.',
    },
    statement: 'error is null or absent unless the task ended without success (failed or canceled).',
    check(task) {
      if (
        has(task, 'error') &&
        task.error !== null &&
        typeof task.state === 'string' &&
        (ALL as readonly string[]).includes(task.state) &&
        !UNSUCCESSFUL.includes(task.state)
      )
        return finding(
          '/error',
          `error is set but state is ${task.state}; error is the terminal error detail of a failed or canceled task`,
          task.error,
        );
      return [];
    },
    repair: {
      breaks:
        'gives a task that neither failed nor was canceled an error of kind orphaned (a failed, ' +
        'canceled or awaiting_input one becomes succeeded)',
      members: ['state', 'error'],
      repair(t) {
        if (!['failed', 'canceled'].includes(String(t.state)) && t.error !== undefined) t.error = null;
      },
      break(t) {
        if (t.state === 'failed' || t.state === 'canceled' || t.state === 'awaiting_input') t.state = 'succeeded';
        // orphaned, not timeout: timeout and rejection on a task that did not fail break another rule.
        t.error = { kind: 'orphaned', message: 'the worker went away' };
      },
    },
  },
  {
    id: 'everruns.root-session-not-self',
    api: 'everruns',
    target: 'task',
    source: {
      file: DOC,
      sentence: 'root_session_id: `None` for a top-level session that is its own root, or when unavailable.',
    },
    statement: 'root_session_id never equals session_id (a session that is its own root has null).',
    applies: (task) => typeof task.root_session_id === 'string',
    check(task) {
      if (task.root_session_id === task.session_id)
        return finding(
          '/root_session_id',
          `root_session_id equals session_id (${JSON.stringify(task.session_id)}); a top-level session has null`,
          task.root_session_id,
        );
      return [];
    },
    repair: {
      breaks: "sets root_session_id to the task's own session_id",
      members: ['root_session_id', 'session_id'],
      repair(t) {
        if (t.root_session_id === t.session_id) t.root_session_id = null;
      },
      break(t) {
        t.root_session_id = t.session_id;
      },
    },
  },
  {
    id: 'everruns.timeout-rejection-only-on-failed',
    api: 'everruns',
    target: 'task',
    source: { file: DOC, sentence: 'Timeout and rejection are `error.kind` values on `failed`, not states.' },
    statement: 'An error of kind timeout or rejection is carried only by a failed task.',
    applies: (task) => isObject(task.error) && FAILED_ONLY_KINDS.includes(String(task.error.kind)),
    check(task) {
      const { kind } = task.error as JsonObject;
      if (typeof task.state === 'string' && task.state !== 'failed')
        return finding(
          '/error/kind',
          `error.kind is ${JSON.stringify(kind)} but state is ${task.state}; timeout and rejection are kinds on ` +
            `failed tasks`,
          kind,
        );
      return [];
    },
    repair: {
      breaks: 'marks the task canceled with an error of kind timeout',
      members: ['error', 'state'],
      repair(t) {
        const error = t.error as JsonObject | null | undefined;
        if (
          error &&
          typeof error === 'object' &&
          ['timeout', 'rejection'].includes(String(error.kind)) &&
          t.state !== 'failed'
        )
          t.error = { ...error, kind: 'orphaned' };
      },
      break(t) {
        t.state = 'canceled';
        t.error = { kind: 'timeout', message: 'deadline exceeded' };
      },
    },
  },
  {
    id: 'everruns.child-session-not-own-session',
    api: 'everruns',
    target: 'task',
    source: {
      file: DOC,
      sentence: 'child_session_id: Child session, for subagent-shaped tasks. Full transcript lives there.',
    },
    statement: "links.child_session_id, when set, is another session than the task's own session_id.",
    applies: (task) => isObject(task.links) && typeof task.links.child_session_id === 'string',
    check(task) {
      const child = (task.links as JsonObject).child_session_id;
      if (child === task.session_id)
        return finding(
          '/links/child_session_id',
          `links.child_session_id is the task's own session ${JSON.stringify(task.session_id)}; a child session ` +
            `is another session`,
          child,
        );
      return [];
    },
    repair: {
      breaks: "sets links.child_session_id to the task's own session_id",
      members: ['links', 'session_id'],
      repair(t) {
        const links = t.links as JsonObject | undefined;
        if (links && typeof links === 'object' && links.child_session_id === t.session_id)
          t.links = { ...links, child_session_id: null };
      },
      break(t) {
        t.links = { ...((t.links as JsonObject | undefined) ?? {}), child_session_id: t.session_id };
      },
    },
  },
  {
    id: 'everruns.artifact-url-absolute',
    api: 'everruns',
    target: 'task',
    source: { file: DOC, sentence: 'url: External URL, when the artifact lives elsewhere.' },
    statement: "An artifact's url, when set, is an absolute URL (a scheme and what follows), not a relative reference.",
    applies: (task) =>
      Array.isArray(task.artifacts) && task.artifacts.some((a) => isObject(a) && typeof a.url === 'string'),
    check(task) {
      return (task.artifacts as unknown[]).flatMap((artifact, index) =>
        isObject(artifact) && typeof artifact.url === 'string' && !isAbsoluteUrl(artifact.url)
          ? [
              {
                path: `/artifacts/${index}/url`,
                message:
                  `artifact ${index} has url ${JSON.stringify(artifact.url)}, which is not an absolute URL; an ` +
                  `external URL says where the artifact lives`,
                value: artifact.url,
              },
            ]
          : [],
      );
    },
    repair: {
      breaks:
        'adds an artifact whose url is the relative "artifacts/log.txt" (to a task not yet started, as its second ' +
        'attempt: a first one has produced nothing)',
      members: ['artifacts'],
      repair(t) {
        if (Array.isArray(t.artifacts) && t.artifacts.some(relativeUrl))
          t.artifacts = t.artifacts.map((a, i) =>
            relativeUrl(a) ? { ...(a as JsonObject), url: `https://example.com/artifacts/${i}` } : a,
          );
      },
      break(t) {
        if (notStartedYet(t)) t.attempt = 2;
        t.artifacts = [
          ...(Array.isArray(t.artifacts) ? t.artifacts : []),
          { name: 'log', type: 'url', url: 'artifacts/log.txt' },
        ];
      },
    },
  },
  {
    id: 'everruns.artifact-path-not-a-url',
    api: 'everruns',
    target: 'task',
    source: { file: DOC, sentence: 'path: Session VFS path, when the artifact lives in the session filesystem.' },
    statement:
      "An artifact's path, when set, is a path in the session filesystem, not a URL (a scheme and //): what " +
      'lives elsewhere is named by url.',
    applies: (task) =>
      Array.isArray(task.artifacts) && task.artifacts.some((a) => isObject(a) && typeof a.path === 'string'),
    check(task) {
      return (task.artifacts as unknown[]).flatMap((artifact, index) =>
        urlPath(artifact)
          ? [
              {
                path: `/artifacts/${index}/path`,
                message:
                  `artifact ${index} has path ${JSON.stringify((artifact as JsonObject).path)}, a URL; a path names ` +
                  'where the artifact lives in the session filesystem (an external location is its url)',
                value: (artifact as JsonObject).path,
              },
            ]
          : [],
      );
    },
    repair: {
      breaks:
        'adds a file artifact whose path is the URL "https://files.example.com/out/report.md" (to a task not yet ' +
        'started, as its second attempt: a first one has produced nothing)',
      members: ['artifacts'],
      repair(t) {
        if (Array.isArray(t.artifacts) && t.artifacts.some(urlPath))
          t.artifacts = t.artifacts.map((a, i) =>
            urlPath(a) ? { ...(a as JsonObject), path: `/out/artifact-${i}` } : a,
          );
      },
      break(t) {
        if (notStartedYet(t)) t.attempt = 2;
        t.artifacts = [
          ...(Array.isArray(t.artifacts) ? t.artifacts : []),
          { name: 'report', type: 'file', path: 'https://files.example.com/out/report.md', url: null },
        ];
      },
    },
  },
  {
    id: 'everruns.nothing-produced-before-start',
    api: 'everruns',
    target: 'task',
    source: {
      file: DOC,
      sentence: 'artifacts: Typed link to something the task produced. — attempt: Execution attempt, starting at 1.',
    },
    statement:
      'A task that has not started yet (queued on its first attempt, with no started_at, heartbeat_at or ' +
      'finished_at) has produced nothing: it lists no artifacts.',
    applies: notStartedYet,
    check(task) {
      if (Array.isArray(task.artifacts) && task.artifacts.length > 0)
        return finding(
          '/artifacts',
          `task ${String(task.id)} is queued on its first attempt with no start, heartbeat or finish time, but ` +
            `lists ${task.artifacts.length} artifact(s); an artifact links to something the task produced`,
          task.artifacts.length,
        );
      return [];
    },
    repair: {
      breaks:
        'makes the task queued on its first attempt, with no start, heartbeat or finish time, and gives it an artifact',
      members: ['state', 'attempt', 'started_at', 'heartbeat_at', 'finished_at', 'artifacts'],
      repair(t) {
        if (notStartedYet(t) && Array.isArray(t.artifacts) && t.artifacts.length > 0) t.artifacts = [];
      },
      break(t) {
        Object.assign(t, { state: 'queued', attempt: 1, started_at: null, heartbeat_at: null, finished_at: null });
        t.artifacts = [{ name: 'draft', type: 'file', path: '/.tasks/draft.md', url: null }];
      },
    },
  },
  {
    id: 'everruns.child-session-not-root',
    api: 'everruns',
    target: 'task',
    source: {
      file: DOC,
      sentence:
        'child_session_id: Child session, for subagent-shaped tasks. — root_session_id: Root of the owning ' +
        'session’s delegation tree (EVE-680).',
    },
    statement:
      "links.child_session_id, when set, is not the task's root_session_id: the child session is below the " +
      'owning session in its delegation tree, the root above it.',
    applies: (task) =>
      isObject(task.links) &&
      typeof task.links.child_session_id === 'string' &&
      typeof task.root_session_id === 'string',
    check(task) {
      const child = (task.links as JsonObject).child_session_id;
      if (child === task.root_session_id)
        return finding(
          '/links/child_session_id',
          `links.child_session_id is the task's own root session ${JSON.stringify(child)}; a child session is ` +
            `below the owning session in its delegation tree, not its root`,
          child,
        );
      return [];
    },
    repair: {
      breaks: "sets links.child_session_id to the task's root_session_id (giving it a root when it has none)",
      members: ['links', 'root_session_id'],
      repair(t) {
        const links = t.links as JsonObject | undefined;
        if (links && typeof links === 'object' && typeof t.root_session_id === 'string')
          if (links.child_session_id === t.root_session_id) t.links = { ...links, child_session_id: null };
      },
      break(t) {
        if (typeof t.root_session_id !== 'string') t.root_session_id = `${String(t.session_id)}_root`;
        t.links = { ...((t.links as JsonObject | undefined) ?? {}), child_session_id: t.root_session_id };
      },
    },
  },
] as const satisfies readonly ItemRule[];
