/**
 * A2A `GET /tasks`: written by hand, not derived from the operation's data, because the quoted specification says
 * what the data cannot: every answer carries `nextPageToken` ("" on the last page), `pageSize` ("The page size
 * used for this response") and `totalSize` ("Total number of tasks available (before pagination)"), artifacts
 * are left out unless asked for ("When `includeArtifacts` is false (the default), the artifacts field MUST be
 * omitted entirely"), `historyLength` bounds each task's history, `statusTimestampAfter` keeps the tasks whose
 * status timestamp is "greater than or equal to this value", and tasks come newest status first (3.1.4). The
 * documented behaviour only.
 */

import { a2aSpec } from '../../contract/generated/specs.js';
import { fieldValue } from '../../contract/operations.js';
import type { JsonObject } from '../../contract/rules/types.js';
import { rfc3339Millis } from '../../contract/time.js';
import { isProblem, pageResponse, single, truncate } from '../../handlers/derived/list.js';
import { orderedPage } from '../../handlers/derived/ordered-page.js';
import { storedTasks } from '../../handlers/response.js';
import type { MockContext, MockRequest, MockResponse, OperationBehaviour } from '../../handlers/types.js';
import type { A2AListTasksResponse } from '../../types/index.js';
import { A2A_DEFAULT_PAGE_SIZE, A2A_MAX_PAGE_SIZE, listTasksOperation } from './contract.js';

/** 3.1.4: "sorted by their status timestamp time in descending order" (the contract's order). */
const A2A_ORDER = listTasksOperation.order!;
const stateSchema = a2aSpec.components?.schemas?.TaskState as { enum: string[] };
/** The states a list can be filtered by, read from the spec rather than restated. */
const FILTER_STATES: readonly string[] = stateSchema.enum;
/** 11.1: "application/a2a+json SHOULD be used for requests and responses". */
const A2A_MEDIA_TYPE = 'application/a2a+json';

const STATUS_NAMES: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  405: 'UNIMPLEMENTED',
  429: 'RESOURCE_EXHAUSTED',
  503: 'UNAVAILABLE',
};

/**
 * The A2A-specific errors the contract names, by JSON-RPC code (5.4): their gRPC status and the ErrorInfo reason
 * 11.6 gives them ("The A2A error type in UPPER_SNAKE_CASE without the "Error" suffix").
 */
const A2A_ERRORS: Readonly<Record<string, { status: string; reason: string }>> = {
  '-32009': { status: 'FAILED_PRECONDITION', reason: 'VERSION_NOT_SUPPORTED' },
};

/**
 * An error as 11.6 writes it (`google.rpc.Status`): the HTTP status in `error.code`; for a validation error a
 * `google.rpc.BadRequest` naming the parameter ("Implementations SHOULD use well-known types such as
 * `google.rpc.BadRequest` to attach structured data to validation errors"), for an A2A-specific error
 * (`errorType`, its JSON-RPC code) the `google.rpc.ErrorInfo` 11.6 says it MUST include.
 */
export function a2aError(status: number, message: string, field?: string, errorType?: string): MockResponse {
  const specific = errorType === undefined ? undefined : A2A_ERRORS[errorType];
  const details = specific
    ? [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: specific.reason, domain: 'a2a-protocol.org' }]
    : field
      ? [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field, description: message }] }]
      : [];
  const name = specific?.status ?? STATUS_NAMES[status] ?? 'INTERNAL';
  return {
    status,
    headers: { 'content-type': A2A_MEDIA_TYPE },
    body: { error: { code: status, status: name, message, details } },
  };
}

class Refusal {
  constructor(readonly response: MockResponse) {}
}

const invalid = (param: string, message: string) => new Refusal(a2aError(400, message, param));

function one(query: URLSearchParams, name: string): string | undefined | Refusal {
  const value = single(query, name);
  return isProblem(value) ? invalid(name, value.message) : value;
}

/** A whole number within bounds ("The minimum value is 1. The maximum value is 100."). */
function whole(query: URLSearchParams, name: string, min: number, max: number): number | undefined | Refusal {
  const raw = one(query, name);
  if (raw === undefined || raw instanceof Refusal) return raw;
  if (!/^-?\d{1,9}$/.test(raw)) return invalid(name, `${name} must be a whole number, got "${truncate(raw)}"`);
  const value = Number(raw);
  if (value < min || value > max) return invalid(name, `${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

interface Asked {
  context?: string;
  states?: readonly string[];
  size: number;
  beforeSeq?: number;
  historyLength?: number;
  after?: number;
  artifacts: boolean;
}

function readRequest(query: URLSearchParams): Asked | Refusal {
  const context = one(query, 'contextId');
  if (context instanceof Refusal) return context;
  const status = one(query, 'status');
  if (status instanceof Refusal) return status;
  if (status !== undefined && !FILTER_STATES.includes(status))
    return invalid('status', `status ${truncate(status)} is not one of ${FILTER_STATES.join(', ')}`);
  const size = whole(query, 'pageSize', 1, A2A_MAX_PAGE_SIZE);
  if (size instanceof Refusal) return size;
  const token = one(query, 'pageToken');
  if (token instanceof Refusal) return token;
  // The mock's own token: the creation number of the page's last task, in base 36 (its place in the order is read
  // afresh: a task whose status is recorded anew moves up past the token).
  if (token !== undefined && token !== '' && !/^[0-9a-z]{1,11}$/.test(token))
    return invalid('pageToken', `pageToken "${truncate(token)}" is not a token this agent gave; pass nextPageToken`);
  const history = whole(query, 'historyLength', 0, Number.MAX_SAFE_INTEGER);
  if (history instanceof Refusal) return history;
  const afterText = one(query, 'statusTimestampAfter');
  if (afterText instanceof Refusal) return afterText;
  const after = afterText === undefined ? undefined : rfc3339Millis(afterText);
  if (Number.isNaN(after))
    return invalid(
      'statusTimestampAfter',
      `statusTimestampAfter must be an ISO 8601 time, got "${truncate(afterText ?? '')}"`,
    );
  const artifacts = one(query, 'includeArtifacts');
  if (artifacts instanceof Refusal) return artifacts;
  if (artifacts !== undefined && artifacts !== 'true' && artifacts !== 'false')
    return invalid('includeArtifacts', `includeArtifacts must be true or false, got "${truncate(artifacts)}"`);
  return {
    ...(context ? { context } : {}),
    ...(status !== undefined ? { states: [status] } : {}),
    size: size ?? A2A_DEFAULT_PAGE_SIZE,
    ...(token ? { beforeSeq: Number.parseInt(token, 36) } : {}),
    ...(history !== undefined ? { historyLength: history } : {}),
    ...(after !== undefined ? { after } : {}),
    artifacts: artifacts === 'true',
  };
}

/** Whether a listed task is served otherwise than stored: artifacts asked for or left out, its history cut. */
function reshaped(task: JsonObject, asked: Asked): boolean {
  return asked.artifacts || 'artifacts' in task || (asked.historyLength !== undefined && 'history' in task);
}

/** A listed task as asked: its artifacts only when asked for, its history cut to the last `historyLength`. */
function shaped(task: JsonObject, asked: Asked): JsonObject {
  const { artifacts, history, ...out } = task;
  if (asked.artifacts) out.artifacts = artifacts ?? [];
  const n = asked.historyLength;
  if (history !== undefined && n !== 0)
    out.history = n !== undefined && Array.isArray(history) ? history.slice(-n) : history;
  return out;
}

function page(context: MockContext, asked: Asked): MockResponse {
  const { after } = asked;
  const where =
    after === undefined
      ? undefined
      : (task: JsonObject) => rfc3339Millis(fieldValue(task, '/status/timestamp')) >= after;
  const scope = {
    ...(asked.context !== undefined ? { session: asked.context } : {}),
    ...(asked.states ? { states: asked.states } : {}),
    ...(where ? { where } : {}),
  };
  const { entries, more } = orderedPage(context.store, listTasksOperation, A2A_ORDER, {
    ...scope,
    ...(asked.beforeSeq !== undefined ? { beforeSeq: asked.beforeSeq } : {}),
    limit: asked.size,
  });
  const totalSize = context.store.page('a2a', { ...scope, limit: Number.MAX_SAFE_INTEGER }).entries.length;
  const last = entries[entries.length - 1];
  const nextPageToken = more && last ? last.seq.toString(36) : '';
  const tail = `],"nextPageToken":${JSON.stringify(nextPageToken)},"pageSize":${asked.size},"totalSize":${totalSize}}`;
  const tasks = entries.map((e) => (reshaped(e.item, asked) ? shaped(e.item, asked) : e.item));
  const body: A2AListTasksResponse = {
    tasks: storedTasks('a2a', tasks),
    nextPageToken,
    pageSize: asked.size,
    totalSize,
  };
  const unchanged = tasks.every((task, i) => task === entries[i]!.item);
  const response = unchanged ? pageResponse(body, '{"tasks":[', entries, tail) : { status: 200, headers: {}, body };
  return { ...response, headers: { 'content-type': A2A_MEDIA_TYPE } };
}

export const listTasks: OperationBehaviour = (request: MockRequest, context: MockContext) => {
  const asked = readRequest(request.query);
  return asked instanceof Refusal ? asked.response : page(context, asked);
};
