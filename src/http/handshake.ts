/**
 * Sessions a server opens at a handshake (`session: { in: 'handshake' }`, MCP's `initialize`): one is opened
 * per endpoint before the first request to it and shared by every later one; a session the server no longer
 * holds (it answers `unknown.status`, MCP's 404) is dropped, and the next request opens another, as MCP's
 * transports.mdx says a client must. A session given with --session is used as it is until then.
 */
import { acceptOf, handshakeCallText, jsonRpcBinding, notificationText } from '../contract/json-rpc.js';
import type { Handshake, ListOperation } from '../contract/operation-types.js';
import { valueAt } from '../contract/pointer.js';
import { isObject } from '../contract/rules/check-helpers.js';
import type { HttpClient } from './client.js';

/** An open session: the headers every request in it carries. */
type Open = Record<string, string>;

export class Handshakes {
  private readonly open = new Map<string, Promise<Open>>();

  /** `given`: a session already open (--session), used before any is opened. */
  constructor(private given?: string) {}

  /** The headers a request of the operation to `url` carries in its session, a session opened first if need be. */
  headers(client: Pick<HttpClient, 'request'>, op: ListOperation, handshake: Handshake, url: URL): Promise<Open> {
    const key = url.toString();
    let open = this.open.get(key);
    if (!open) {
      open =
        this.given === undefined
          ? openSession(client, op, handshake, url)
          : Promise.resolve({ [handshake.header]: this.given });
      this.open.set(key, open);
    }
    return open;
  }

  /** Drops the session whose headers were `stale` (the server no longer holds it): the next request opens one. */
  drop(url: URL, stale: Promise<Open>): void {
    if (this.open.get(url.toString()) !== stale) return;
    this.open.delete(url.toString());
    this.given = undefined;
  }
}

/**
 * Opens a session: the handshake's call, its notification, and the headers its answer gives. A handshake the
 * server does not answer with a session gives none: the requests then go without one, and the answers they
 * get are judged.
 */
async function openSession(
  client: Pick<HttpClient, 'request'>,
  op: ListOperation,
  handshake: Handshake,
  url: URL,
): Promise<Open> {
  const extra = { headers: { accept: acceptOf(op) }, eventStream: jsonRpcBinding(op)?.eventStream === true };
  const answer = await client.request(url, [], handshakeCallText(handshake), extra);
  const session = answer.headers?.get(handshake.header);
  if (!session) return {};
  const open: Open = { [handshake.header]: session };
  const result = isObject(answer.exchange?.body) ? answer.exchange.body.result : undefined;
  const version = handshake.versionHeader ? valueAt(result, handshake.versionHeader.pointer) : undefined;
  if (handshake.versionHeader && typeof version === 'string') open[handshake.versionHeader.name] = version;
  if (handshake.notification)
    await client.request(url, [], notificationText(handshake.notification), { headers: { ...extra.headers, ...open } });
  return open;
}
