/**
 * Which path parameter an operation's session fills (`session.param`, else `session_id`): every
 * place that builds or reads the session in a path asks here rather than naming one.
 */
import type { ListOperation } from './operation-types.js';

type Bound = Pick<ListOperation, 'path' | 'session'>;

/** The path parameter holding the session, if the path binds it. */
export function sessionParamOf(op: Pick<ListOperation, 'session'>): string | undefined {
  return op.session.in === 'path' ? (op.session.param ?? 'session_id') : undefined;
}

/** The operation's path with its session parameter filled in (percent-encoded); other parameters stay as written. */
export function pathWithSession(op: Bound, session: string): string {
  const param = sessionParamOf(op);
  return param === undefined ? op.path : op.path.replace(`{${param}}`, encodeURIComponent(session));
}

/** Whether a path that binds its session has the parameter that holds it (registration refuses one without). */
export function lacksSessionParam(op: Bound): string | undefined {
  const param = sessionParamOf(op);
  return param !== undefined && !op.path.includes(`{${param}}`) ? param : undefined;
}
