/**
 * The control API under `/__mock`, for end-to-end tests in any language: the routes of the method
 * table (`control-table.ts`), each reading its JSON body as the arguments of the typed call. A
 * refused call is the method's ControlError (its status and words); anything else is a 500 naming
 * the error, logged once. Nothing here throws.
 */

import { isObject } from '../contract/rules/check-helpers.js';
import { ControlError, describeInternalError } from './control-error.js';
import { type ControlBody, type ControlCall, endpointList, invoke, rowsAt } from './control-table.js';
import type { MockControl } from './mock-control.js';
import type { MockResponse } from './types.js';

/** Answers one control request; never throws. */
export async function controlResponse(
  control: MockControl<unknown>,
  method: string,
  path: string,
  body: unknown,
): Promise<MockResponse> {
  try {
    const verb = method === 'GET' || method === 'HEAD' ? 'GET' : method === 'POST' ? 'POST' : undefined;
    if (!verb)
      throw new ControlError(405, `the control API takes POST, and GET to read; the endpoints are ${endpointList()}`);
    const rows = rowsAt(verb, path);
    if (rows.length === 0) {
      const other = verb === 'POST' ? 'GET' : 'POST';
      if (rowsAt(other, path).length > 0) throw new ControlError(405, `${path} takes ${other}`);
      throw new ControlError(
        404,
        `no control endpoint ${path.slice(0, 100)}; the endpoints under /__mock are ${endpointList()} ` +
          '(docs/reference.md, "Control API")',
      );
    }
    const input = body ?? {};
    if (!isObject(input))
      throw new ControlError(
        400,
        `the body is a JSON object (got ${Array.isArray(input) ? 'an array' : typeof input})`,
      );
    const [call, row] = rowFor(rows, verb, path, input);
    const result = await invoke(control, call, row.args?.(input) ?? []);
    const answer = row.answer ? row.answer(result, input) : verb === 'GET' ? (result as object) : {};
    return controlAnswer(200, verb === 'GET' ? answer : { ...(await control.state()), ...answer });
  } catch (error) {
    if (error instanceof ControlError) {
      return controlAnswer(
        error.status,
        { error: error.message, ...error.details },
        error.status === 405 ? { allow: 'GET, POST' } : {},
      );
    }
    return controlAnswer(500, { error: `control failed: ${describeInternalError('the control API', error)}` });
  }
}

type Row = ReturnType<typeof rowsAt>[number];

/**
 * The call a body asks for: the one row whose `takes` accepts it, else the path's row without one; a
 * body that several calls, or none, would take is refused with a body for each.
 */
function rowFor(rows: Row[], verb: string, path: string, body: ControlBody): [ControlCall, Row[1]] {
  const taking = rows.filter(([, row]) => row.takes?.(body));
  const chosen = taking.length === 0 ? rows.filter(([, row]) => !row.takes) : taking;
  if (chosen.length === 1) return chosen[0]!;
  const examples = rows.map(([, row]) => row.example);
  const forms = examples.map((example) => JSON.stringify(example)).join(', ');
  throw new ControlError(400, `${verb} ${path} takes one of ${forms} (got ${JSON.stringify(body).slice(0, 200)})`, {
    examples,
  });
}

/**
 * A control answer: JSON ending with a newline, so that what `curl` prints ends its line (and a shell
 * prompt after it starts on a line of its own).
 */
export function controlAnswer(status: number, body: object, headers: Record<string, string> = {}): MockResponse {
  return {
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body,
    raw: `${JSON.stringify(body)}\n`,
  };
}
