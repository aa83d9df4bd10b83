/**
 * A session an item links to (Everruns' child session, where a subagent's transcript lives) exists
 * while the item is in the states that say so: the list of that session is not answered as an
 * unknown session's. Which states those are is the operation's to say (a task that has started has
 * a transcript; a finished one's session may be gone, which the documents do not rule out).
 */

import { NOTHING, violationOf } from './common.js';
import { defineLaw, having } from './define.js';

const hasSessionLink = having('sessionLink');

export const linkedSessionExists = defineLaw({
  id: 'linked-session-exists',
  appliesTo: hasSessionLink,
  statement: (op) =>
    `The session an item's ${op.sessionLink.field} names while it is ${op.sessionLink.whileStates.join(' or ')} ` +
    `exists: ${op.operationId} on it is not answered ${op.unknownSession?.status ?? 404}.`,
  source: (op) => op.sessionLink.source,
  unexercised: (op) =>
    `no listed item in ${op.sessionLink.whileStates.join(' or ')} named a session in ${op.sessionLink.field}`,
  check: {
    linked({ field, id, from, state, exchange }, { op, law }) {
      const status = op.unknownSession?.status ?? 404;
      if (exchange.status >= 500) return NOTHING;
      if (exchange.status !== status) return { judged: 1, violations: [] };
      const message =
        `${from} is ${state} and its ${field} names the session ${id}, which ${op.operationId} answers ` +
        `${status} for, as a session that does not exist`;
      return { judged: 1, violations: [violationOf(law, '', message, id)] };
    },
  },
});
