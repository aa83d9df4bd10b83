import {
  acceptOf,
  handshakeCallText,
  handshakeOf,
  jsonRpcBinding,
  notificationText,
  operationHeaders,
  requestText,
} from '../contract/json-rpc.js';
import type { ListOperation } from '../contract/operation-types.js';
import { valueAt } from '../contract/pointer.js';
import { redactSecretQuery } from '../http/redact.js';

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The environment variable a header's value is referenced by in printed commands. */
const headerVariable = (name: string) => `ATC_HEADER_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

/** `-H`/`--header` arguments that reference every header's value by variable, never by value. */
export function curlHeaderArgs(headers: Record<string, string>, flag = '--header'): string[] {
  // Every --header value may be a credential: all of them are referenced, none is written.
  return Object.keys(headers).flatMap((name) => [flag, `"${name}: $${headerVariable(name)}"`]);
}

/**
 * A runnable curl command for a request (`url`: the URL with the request's query, as the runner names
 * it). Header values are replaced by environment variable references (never their values), so the
 * command can be pasted into a shell that has them; of the query, the paging parameters (`paging`) are
 * written as sent, the others named like secrets are not. An operation bound as JSON-RPC (`op`) is
 * printed as the POST it was sent as: the query's parameters are the call's params. One whose session a
 * handshake opens is printed in the session given (`session`, --session), else as one shell line that opens a
 * session (the handshake's call, the session read from the answer's header, its notification) and asks in it.
 */
export function curlCommand(
  url: string,
  headers: Record<string, string>,
  paging: readonly string[] = [],
  op?: ListOperation,
  session?: string,
): string {
  const shown = redactSecretQuery(url, paging);
  // The documents' own headers (A2A-Version: 1.0) are no credential: written as sent, unless --header gives one.
  const given = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  const documented = Object.entries(op ? operationHeaders(op) : {})
    .filter(([name]) => !given.has(name.toLowerCase()))
    .flatMap(([name, value]) => ['-H', quote(`${name}: ${value}`)]);
  const call = op && jsonRpcBinding(op) && URL.canParse(shown) ? new URL(shown) : undefined;
  if (!op || !call) return ['curl', '-sS', quote(shown), ...documented, ...curlHeaderArgs(headers, '-H')].join(' ');
  const query = [...call.searchParams];
  call.search = '';
  // `own`: with the operation's headers, which the list's calls carry (not the handshake's, which opens a session).
  const post = (extra: string[], body: string, silent = false, own = true) =>
    [
      'curl',
      '-sS',
      ...(silent ? ['-o', '/dev/null'] : []),
      '-X',
      'POST',
      quote(call.toString()),
      '-H',
      quote('Content-Type: application/json'),
      ...(jsonRpcBinding(op)?.eventStream ? ['-H', quote(`Accept: ${acceptOf(op)}`)] : []),
      ...(own ? documented : []),
      ...curlHeaderArgs(headers, '-H'),
      ...extra,
      '--data',
      quote(body),
    ].join(' ');
  const handshake = handshakeOf(op);
  if (!handshake) return post([], requestText(op, query));
  if (session !== undefined) return post(['-H', quote(`${handshake.header}: ${session}`)], requestText(op, query));
  const inSession = ['-H', `"${handshake.header}: $${SESSION_VARIABLE}"`];
  const version = handshake.versionHeader && valueAt(handshake.call.params, handshake.versionHeader.pointer);
  // The version the handshake gives, on the list's call unless --header or the operation's own headers send
  // another in its place (a refused one).
  const versionName = handshake.versionHeader?.name.toLowerCase() ?? '';
  const replaced = given.has(versionName) || (op.headers ?? []).some((h) => h.name.toLowerCase() === versionName);
  const versioned = typeof version === 'string' ? ['-H', quote(`${handshake.versionHeader!.name}: ${version}`)] : [];
  // The session is the header's value in the handshake's answer (awk: portable, any case of the name).
  const read = `awk -F': *' 'tolower($1)=="${handshake.header.toLowerCase()}"{sub(/\\r$/,"",$2);print $2}'`;
  return [
    `${SESSION_VARIABLE}=$(${post(['-D', '-'], handshakeCallText(handshake), true, false)} | ${read})`,
    ...(handshake.notification
      ? [
          post(
            [...inSession, ...(given.has(versionName) ? [] : versioned)],
            notificationText(handshake.notification),
            true,
            false,
          ),
        ]
      : []),
    post([...inSession, ...(replaced ? [] : versioned)], requestText(op, query)),
  ].join(' && ');
}

/** The shell variable a printed request holds the session a handshake opened in. */
const SESSION_VARIABLE = 'ATC_SESSION_ID';

/** The curl commands whose answers show a violation, in the order to run them (one for most). */
export function requestsOf(violation: { curl: string; requests?: readonly string[] }): readonly string[] {
  return violation.requests ?? [violation.curl];
}

/**
 * How reports label a violation's requests: one request, or several to run in order; two reads of one
 * object say how far apart they were, and that the server may have moved on since.
 */
export function requestsLabel(requests: readonly string[], apartMs?: number): string {
  if (requests.length <= 1) return 'request';
  if (apartMs === undefined) return `requests (run in this order, ${requests.length})`;
  const apart = apartMs < 1000 ? `${Math.round(apartMs)} ms` : `${(apartMs / 1000).toFixed(1)} s`;
  return (
    `requests (run in this order, ${requests.length}; the run read the second ${apart} after the first, ` +
    'and the server may have moved on since)'
  );
}
