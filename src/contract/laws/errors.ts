/**
 * Laws over answers the documents say must be refusals: unsupported filters, bad paging
 * values, malformed and foreign cursors, unknown sessions, and the API's error format.
 */
import type { LawName, ListOperation, RejectedParam } from '../operations.js';
import { isObject } from '../rules/types.js';
import { validateBody } from '../validate.js';
import type { Violation } from '../violation.js';
import { isJsonType, makeLaw, statusSource, violationOf } from './common.js';
import { type Law, NOTHING, type Subjects } from './types.js';

type ErrorSubject = Subjects['error'];

/** A law judged by the status of the refusals sent for it. */
function refusalLaw(
  op: ListOperation,
  name: LawName,
  statement: string,
  source: Law['source'],
  unexercised: string,
): Law {
  const law = makeLaw(op, name, statement, source, unexercised, {});
  law.checks.error = ({ exchange, expected }: ErrorSubject) => {
    if (expected.law !== law.id || exchange.status >= 500) return NOTHING;
    const ok =
      expected.status === '4xx' ? exchange.status >= 400 && exchange.status < 500 : exchange.status === expected.status;
    return {
      judged: 1,
      violations: ok
        ? []
        : [violationOf(law, '', `got ${exchange.status}, expected ${expected.status}`, exchange.status)],
    };
  };
  return law;
}

function uniqueRejections(op: ListOperation): RejectedParam[] {
  const seen = new Set<string>();
  return op.rejected.filter((r) => !seen.has(r.law) && seen.add(r.law));
}

export function errorLaws(op: ListOperation): Law[] {
  const laws: Law[] = [];
  for (const rejected of uniqueRejections(op)) {
    const all = op.rejected.filter((r) => r.law === rejected.law);
    const statement = all.map((r) => `${r.param}=${r.values.join('|')}`).join(', ');
    laws.push(
      refusalLaw(
        op,
        rejected.law,
        `${statement} ${all.length > 1 ? 'are each' : 'is'} refused with ${rejected.status}.`,
        rejected.source,
        'no such request was answered',
      ),
    );
  }
  if (op.paging.kind === 'token' && op.paging.boundToQuery) {
    const { status } = op.paging.boundToQuery;
    laws.push(
      refusalLaw(
        op,
        'malformed-cursor-rejected',
        `A malformed ${op.paging.param} returns ${status}.`,
        op.paging.source,
        'no malformed cursor was answered',
      ),
    );
    laws.push(
      refusalLaw(
        op,
        'cursor-bound-to-query',
        `A ${op.paging.param} from a different query returns ${status}.`,
        op.paging.source,
        'no page offered a cursor to replay with another query',
      ),
    );
  }
  if (op.unknownSession)
    laws.push(
      refusalLaw(
        op,
        'unknown-session-404',
        "An unknown session gets 404 in the API's error format.",
        op.unknownSession.source,
        'no unknown session was asked for',
      ),
    );
  if (op.errorFormat !== 'unspecified') {
    const format = makeLaw(
      op,
      'error-format',
      `Error responses use the ${op.errorFormat} error format.`,
      statusSource(op),
      'no documented refusal was answered with its status',
      {},
    );
    format.checks.error = ({ exchange, expected }) => {
      const ok =
        expected.status === '4xx'
          ? exchange.status >= 400 && exchange.status < 500
          : exchange.status === expected.status;
      if (!ok) return NOTHING;
      return { judged: 1, violations: errorFormatViolations(op, format, exchange, expected.errorType) };
    };
    laws.push(format);
  }
  return laws;
}

function errorFormatViolations(
  op: ListOperation,
  law: Law,
  exchange: ErrorSubject['exchange'],
  errorType?: string,
): Violation[] {
  if (!isJsonType(exchange.contentType) || exchange.body === undefined)
    return [
      violationOf(law, '', `error ${exchange.status} is not JSON (content-type ${exchange.contentType ?? 'missing'})`),
    ];
  // Statuses the spec gives no body for are held to the API's documented error shape.
  const schema =
    validateBody(op.face, op.operationId, exchange.status, exchange.body, 'documented') ??
    (op.errorShapeStatus !== undefined
      ? validateBody(op.face, op.operationId, op.errorShapeStatus, exchange.body, 'documented')
      : undefined) ??
    [];
  const out: Violation[] = schema.map((v) => ({ ...v, rule: law.id, source: law.source }));
  if (
    op.errorFormat === 'anthropic' &&
    errorType !== undefined &&
    isObject(exchange.body) &&
    isObject(exchange.body.error) &&
    exchange.body.error.type !== errorType
  )
    out.push(
      violationOf(
        law,
        '/error/type',
        `error.type is ${JSON.stringify(exchange.body.error.type)}, expected ${errorType} for ${exchange.status}`,
        exchange.body.error.type,
      ),
    );
  return out;
}

/** Item-id cursors exclude their own item and stay on their side of it. */
export function cursorLaws(op: ListOperation): Law[] {
  if (op.paging.kind !== 'item-id') return [];
  const { afterParam, beforeParam } = op.paging;
  const law = makeLaw(
    op,
    'cursor-exclusive',
    `${afterParam}/${beforeParam} exclude their own item and stay on their side of it.`,
    op.paging.source,
    'no walk listed two items to put a cursor between',
    {},
  );
  law.checks.cursor = ({ side, pivot, order, exchange }) => {
    if (exchange.status !== 200) return NOTHING;
    const items = (
      exchange.body !== undefined && isObject(exchange.body) ? exchange.body[op.itemsPointer.slice(1)] : undefined
    ) as unknown[] | undefined;
    const ids = (Array.isArray(items) ? items : []).filter(isObject).map((i) => String(i[op.idField]));
    const label = side === 'after' ? afterParam : beforeParam;
    const pivotIndex = order.indexOf(pivot);
    const allowed = new Set(side === 'after' ? order.slice(pivotIndex + 1) : order.slice(0, pivotIndex));
    const violations: Violation[] = [];
    if (ids.includes(pivot)) violations.push(violationOf(law, '', `${label}=${pivot} returned ${pivot} itself`, pivot));
    // Only items the walk saw can be placed; tasks that arrived since cannot be judged.
    const known = new Set(order);
    const wrongSide = ids.filter((id) => id !== pivot && known.has(id) && !allowed.has(id));
    if (wrongSide.length > 0)
      violations.push(
        violationOf(
          law,
          '',
          `${label}=${pivot} returned ${wrongSide.join(', ')}, which come on the other side of ${pivot}`,
          wrongSide,
        ),
      );
    return { judged: 1, violations };
  };
  return [law];
}
