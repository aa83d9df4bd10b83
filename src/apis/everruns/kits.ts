/** How to repair and to break each everruns item rule (see src/generators/rule-kit.ts). */

import type { JsonObject } from '../../contract/rules/types.js';
import type { RuleKit } from '../../generators/rule-kit.js';
import { type everrunsRules, notStartedYet } from './rules.js';

const relativeUrl = (a: unknown) =>
  typeof a === 'object' &&
  a !== null &&
  typeof (a as JsonObject).url === 'string' &&
  !/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/\S/.test((a as JsonObject).url as string);

export const everrunsKits = {
  'everruns.input-request-only-while-awaiting-input': {
    breaks: 'gives a task that is not awaiting input an input_request (an awaiting_input one becomes running)',
    members: ['state', 'input_request'],
    repair(t) {
      if (t.state !== 'awaiting_input' && t.input_request !== undefined) t.input_request = null;
    },
    break(t) {
      if (t.state === 'awaiting_input') t.state = 'running';
      t.input_request = { id: 'ask_stale', prompt: 'Which branch should I use?' };
    },
  },
  'everruns.attempt-starts-at-1': {
    breaks: 'sets attempt to 0',
    members: ['attempt'],
    repair(t) {
      if (typeof t.attempt === 'number' && t.attempt < 1) t.attempt = 1;
    },
    break(t) {
      t.attempt = 0;
    },
  },
  'everruns.result-path-shape': {
    breaks: 'sets result_path to "/tasks/<id>.json"',
    members: ['result_path', 'id'],
    repair(t) {
      if (typeof t.result_path === 'string') t.result_path = `/.tasks/${String(t.id)}/result.json`;
    },
    break(t) {
      t.result_path = `/tasks/${String(t.id)}.json`;
    },
  },
  'everruns.error-only-when-failed-or-canceled': {
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
  'everruns.root-session-not-self': {
    breaks: "sets root_session_id to the task's own session_id",
    members: ['root_session_id', 'session_id'],
    repair(t) {
      if (t.root_session_id === t.session_id) t.root_session_id = null;
    },
    break(t) {
      t.root_session_id = t.session_id;
    },
  },
  'everruns.timeout-rejection-only-on-failed': {
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
  'everruns.child-session-not-own-session': {
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
  'everruns.artifact-url-absolute': {
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
  'everruns.nothing-produced-before-start': {
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
  'everruns.child-session-not-root': {
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
} satisfies Record<(typeof everrunsRules)[number]['id'], RuleKit>;
