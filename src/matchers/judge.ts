/**
 * Judges one answer of a list operation by the contract, as the conformance runner judges a
 * page: the documented schema, every item rule, and the page laws the request makes checkable
 * (limit, filters, the session). For developers testing their own API client or BFF.
 */

import { type ApiSet, givenSet } from '../contract/api-set.js';
import type { OperationIdOf } from '../contract/ids.js';
import { jsonRpcBinding, judgedAnswer, paramsAsQuery } from '../contract/json-rpc.js';
import { checkListPage } from '../contract/laws/index.js';
import { type ListOperation, operation } from '../contract/operations.js';
import type { ApiName } from '../contract/registry.js';
import { isObject } from '../contract/rules/check-helpers.js';
import { documentedStatuses } from '../contract/schema.js';
import { sessionParamOf } from '../contract/session-param.js';
import { validateResponseBody } from '../contract/validate.js';
import type { Violation } from '../contract/violation.js';

/** A response, or its status and parsed body (and, to judge limits and filters, the URL asked). */
export interface ContractSubject {
  status: number;
  body: unknown;
  url?: string;
  contentType?: string | null;
  /** An operation bound as a JSON-RPC call: the call's params, judged as a GET's query is. */
  params?: Record<string, unknown>;
  /** An operation bound as a JSON-RPC call: the call's id, which the response must carry (unchecked when absent). */
  id?: string | number | null;
}

export interface JudgeOptions {
  /** Also fail on fields and enumerated values the spec does not declare (default false: drift is not a violation). */
  failOnDrift?: boolean;
  /** The API set the API is read from (`app.apis`, `apiSetOf(record)`; the matchers entry gives the built-in one). */
  apis?: ApiSet;
}

const isResponse = (value: unknown): value is Response => typeof Response !== 'undefined' && value instanceof Response;

async function subjectOf(received: Response | ContractSubject): Promise<ContractSubject> {
  if (!isResponse(received)) return received;
  const text = await received.clone().text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: received.status, body, url: received.url, contentType: received.headers.get('content-type') };
}

/**
 * The answer as the laws judge it: for a JSON-RPC call, its result as a 200 or its error as a refusal
 * (`judgedAnswer`), with its params as the query.
 */
function answerOf(op: ListOperation, subject: ContractSubject): ContractSubject & Partial<JudgedQuery> {
  if (!jsonRpcBinding(op)) return subject;
  const sentId = subject.id !== undefined ? subject.id : isObject(subject.body) ? subject.body.id : undefined;
  const judged = judgedAnswer(subject.status, subject.body, sentId);
  const params = subject.params === undefined ? undefined : paramsAsQuery(op, subject.params);
  return {
    ...subject,
    ...judged,
    ...(params instanceof URLSearchParams ? { query: [...params] } : {}),
  };
}

interface JudgedQuery {
  query: [string, string][];
  rpc: { problem?: string };
}

/** The session a request is about: its path segment, or its session parameter. */
function sessionOf(path: string, query: readonly [string, string][], op: ListOperation): string | undefined {
  if (op.session.in === 'query') {
    const param = op.session.param;
    return query.find(([name]) => name === param)?.[1];
  }
  const param = sessionParamOf(op);
  if (param === undefined) return undefined;
  const want = op.path.split('/').reverse();
  const got = path.split('/').reverse();
  const at = want.indexOf(`{${param}}`);
  return at === -1 || got[at] === undefined ? undefined : decodeURIComponent(got[at]!);
}

/** Every violation of the contract in one answer of `api`'s `operationId`; [] when it conforms. */
export async function judgeResponse<F extends ApiName>(
  api: F,
  operationId: OperationIdOf<F>,
  received: Response | ContractSubject,
  options: JudgeOptions = {},
): Promise<Violation[]> {
  const apis = givenSet(options.apis, 'judgeResponse');
  const op = operation(api, operationId, apis);
  const subject = answerOf(op, await subjectOf(received));
  let url: URL | undefined;
  try {
    url = subject.url ? new URL(subject.url) : undefined;
  } catch {
    url = undefined;
  }
  if (subject.status !== 200) {
    const documented = documentedStatuses(api, operationId, apis);
    const statuses = documented.join(', ');
    if (!documented.includes(subject.status))
      return [
        {
          law: `${op.lawPrefix}.status-code`,
          instancePath: '',
          message: `status ${subject.status} is not one the documents give for ${operationId} (${statuses})`,
          source: {
            file: apis.contractOf(api).specFile,
            sentence: `${operationId} documents the statuses ${statuses}`,
          },
          value: subject.status,
        },
      ];
    return validateResponseBody(api, operationId, subject.status, subject.body, 'documented', apis) ?? [];
  }
  const exchange = {
    url: url?.toString() ?? `http://contract.invalid${op.path}`,
    query: subject.query ?? (url ? [...url.searchParams] : []),
    status: subject.status,
    contentType: subject.contentType ?? 'application/json',
    body: subject.body,
    ...(subject.rpc ? { rpc: subject.rpc } : {}),
  };
  const session = sessionOf(url?.pathname ?? '', exchange.query, op);
  const violations = checkListPage(op, exchange, session !== undefined ? { sessionId: session } : {});
  return options.failOnDrift ? violations : violations.filter((v) => !v.law.endsWith('.no-undocumented-fields'));
}

/** Violations as the runner prints them: law, message, where, value, and the sentence they break. */
export function formatViolations(violations: readonly Violation[]): string {
  return violations
    .map((v) => {
      const value = v.value !== undefined ? ` = ${JSON.stringify(v.value)?.slice(0, 200)}` : '';
      return [
        `✗ ${v.law}: ${v.message}`,
        `    at ${v.instancePath || '(root)'}${value}`,
        `    ${v.source.file}: “${v.source.sentence}”`,
      ].join('\n');
    })
    .join('\n');
}
