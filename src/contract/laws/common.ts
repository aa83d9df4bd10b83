/** Small helpers every law module shares. */

import { apisOf, contractOfOperation } from '../api-set.js';
import { isEventStream } from '../event-stream.js';
import { jsonRpcBinding } from '../json-rpc.js';
import { itemsOf, type LawId, type LawName, type ListOperation } from '../operations.js';
import { optional } from '../optional.js';
import { isObject } from '../rules/check-helpers.js';
import type { JsonObject } from '../rules/types.js';
import { documentedStatuses } from '../schema.js';
import type { Source, Violation } from '../violation.js';
import type { Exchange, Judgement, LawRef, Query, Walk } from './types.js';

export function lawId(op: ListOperation, name: LawName): LawId {
  return `${op.lawPrefix}.${name}`;
}

export function violationOf(law: LawRef, instancePath: string, message: string, value?: unknown): Violation {
  return { law: law.id, instancePath, message, source: law.source, ...optional('value', value) };
}

/** A walk law's finding, with the pages whose answers show it (in walk order, each once). */
export function onPages(violation: Violation, pages: readonly number[]): Violation {
  return { ...violation, pages: [...new Set(pages)].sort((a, b) => a - b) };
}

export function statusSource(op: ListOperation): Source {
  const statuses = documentedStatuses(op.api, op.operationId, apisOf(op));
  return {
    file: contractOfOperation(op).specFile,
    sentence: `documented responses of ${op.operationId}: ${statuses.join(', ')}`,
  };
}

/**
 * An answer's status as a report says it: a JSON-RPC error (an HTTP 200 that the laws judge as a 400, or a 500
 * for -32603) by its code, which is what the server sent.
 */
export function statusWords(exchange: Pick<Exchange, 'status' | 'body' | 'rpc'>): string {
  if (exchange.rpc === undefined || exchange.status === 200) return String(exchange.status);
  const code = isObject(exchange.body) ? exchange.body.code : undefined;
  return `the JSON-RPC error ${JSON.stringify(code)} (judged as a ${exchange.status})`;
}

export const queryValue = (query: Query, name: string) => query.find(([k]) => k === name)?.[1];

export function isJsonType(contentType: string | null): boolean {
  return contentType !== null && /^application\/([\w.+-]*\+)?json\b/i.test(contentType.trim());
}

/**
 * Whether an answer of the operation labelled so may carry its JSON: a JSON type, or an event stream where the
 * binding says answers may be one (the client read the JSON-RPC response out of it).
 */
export function carriesJson(op: ListOperation, contentType: string | null): boolean {
  return isJsonType(contentType) || (jsonRpcBinding(op)?.eventStream === true && isEventStream(contentType));
}

/** The items of a 200 JSON answer, or undefined when the answer is no list page. */
export function pageItems(op: ListOperation, exchange: Exchange): unknown[] | undefined {
  if (exchange.status !== 200 || exchange.body === undefined) return undefined;
  return itemsOf(op, exchange.body);
}

export function objectItems(op: ListOperation, exchange: Exchange): JsonObject[] {
  return (pageItems(op, exchange) ?? []).filter(isObject);
}

/** Whether a walk's query filters the list (by any filter, the session's among them where it is one). */
export const filteredWalk = (op: ListOperation, walk: Walk): boolean =>
  (walk.pages[0]?.query ?? []).some(([name]) => op.filters.some((filter) => filter.param === name));

/**
 * A page law judged object by object: `judge` gets each listed object with its pointer in the
 * answer, and the judgements add up (nothing judged when the answer is no list page).
 */
export function eachListedObject(
  op: ListOperation,
  exchange: Exchange,
  judge: (item: JsonObject, at: string) => Judgement,
): Judgement {
  const items = pageItems(op, exchange);
  if (!items) return NOTHING;
  let judged = 0;
  const violations: Violation[] = [];
  for (const [index, item] of items.entries()) {
    if (!isObject(item)) continue;
    const judgement = judge(item, `${op.itemsPointer}/${index}`);
    judged += judgement.judged;
    violations.push(...judgement.violations);
  }
  return judged === 0 && violations.length === 0 ? NOTHING : { judged, violations };
}

export const NOTHING: Judgement = Object.freeze({ judged: 0, violations: [] }) as Judgement;
