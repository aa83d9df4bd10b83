/**
 * The standalone mock: node:http over the same MockApp the MSW handlers use, without building
 * Fetch Request/Response objects per request. APIs at /praxis, /everruns, /ark, /jsonrpc;
 * control API at /__mock.
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { isFace } from '../contract/index.js';
import { errorResponse } from '../handlers/router.js';
import type { MockApp } from '../handlers/app.js';
import type { MockResponse } from '../handlers/types.js';
import { scenarioLoader } from '../scenarios/loader.js';

const MAX_CONTROL_BODY = 64 * 1024;

export interface RunningServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

function send(req: IncomingMessage, res: ServerResponse, response: MockResponse): void {
  if (response.bytes) {
    res.writeHead(response.status, response.headers);
    res.end(req.method === 'HEAD' ? undefined : response.bytes);
    return;
  }
  const bytes = Buffer.from(response.raw ?? JSON.stringify(response.body));
  res.writeHead(response.status, { ...response.headers, 'content-length': bytes.length });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_CONTROL_BODY) throw new Error(`control request body over ${MAX_CONTROL_BODY} bytes`);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text.trim() === '' ? {} : JSON.parse(text);
}

/**
 * The path and query of a request target. The usual origin-form target (`/ark/…?…`, no dot
 * segments) is split as it is, on the hot path; anything else goes through the URL parser.
 */
function parseTarget(target: string): { pathname: string; search: string; searchParams: URLSearchParams } | undefined {
  const q = target.indexOf('?');
  const pathname = q === -1 ? target : target.slice(0, q);
  if (target.startsWith('/') && !target.startsWith('//') && !pathname.includes('/.') && !pathname.includes('\\') && !pathname.includes('#')) {
    const search = q === -1 ? '' : target.slice(q).split('#', 1)[0]!;
    return { pathname, search: search === '?' ? '' : search, searchParams: new URLSearchParams(search) };
  }
  try {
    const url = new URL(target, 'http://mock.invalid');
    return { pathname: url.pathname, search: url.search, searchParams: url.searchParams };
  } catch {
    return undefined;
  }
}

export function requestListener(app: MockApp) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const fail = (status: number, message: string) => send(req, res, { status, headers: { 'content-type': 'application/json' }, body: { error: message } });
    const url = parseTarget(req.url ?? '/');
    if (!url) {
      fail(400, 'the request target is not a valid URL');
      return;
    }
    const slash = url.pathname.indexOf('/', 1);
    const prefix = slash === -1 ? url.pathname.slice(1) : url.pathname.slice(1, slash);
    const rest = slash === -1 ? '/' : url.pathname.slice(slash);
    if (prefix === '__mock') {
      readBody(req)
        .then((body) => app.control(req.method ?? 'GET', rest, body))
        .then((response) => send(req, res, response))
        .catch((error: unknown) => fail(400, `control request body is not JSON: ${String(error).slice(0, 200)}`));
      return;
    }
    if (!isFace(prefix)) {
      fail(404, `no API at /${prefix.slice(0, 50)}; the APIs are at /praxis, /everruns, /ark and /jsonrpc`);
      return;
    }
    const response = app.respond(prefix, { method: req.method ?? 'GET', path: rest, query: url.searchParams, search: url.search });
    // Drain any request body so keep-alive connections stay usable.
    req.resume();
    const delay = response.delayMs ?? app.latencyMs;
    if (delay > 0) void app.clock.sleep(delay).then(() => send(req, res, response));
    else send(req, res, response);
  };
}

/**
 * Requests Node's HTTP parser refuses (raw non-ASCII or control bytes in the target, broken
 * headers) never reach a handler; answer them as the API they were meant for would, in JSON.
 */
function clientErrorListener(error: Error & { code?: string; rawPacket?: Buffer }, socket: Socket): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const line = error.rawPacket?.toString('latin1').split('\r\n', 1)[0] ?? '';
  const prefix = /^\S+ \/([a-z]+)/.exec(line)?.[1] ?? '';
  const message = 'the request could not be parsed as HTTP (percent-encode non-ASCII and control characters in the URL)';
  const response = isFace(prefix) ? errorResponse(prefix, 400, message) : { status: 400, headers: { 'content-type': 'application/json' }, body: { error: message } };
  const text = JSON.stringify(response.body);
  const head = [`HTTP/1.1 ${response.status} Bad Request`, ...Object.entries(response.headers).map(([k, v]) => `${k}: ${v}`), `content-length: ${Buffer.byteLength(text)}`, 'connection: close'];
  // A HEAD answer has headers only (RFC 9110 §9.3.2): a body would be read as the next response.
  const isHead = /^HEAD /i.test(line);
  socket.end(`${head.join('\r\n')}\r\n\r\n${isHead ? '' : text}`);
}

/** Serves the app over HTTP; its control API loads scenarios (`POST /__mock/scenario`) unless the app has its own loader. */
export async function startServer(app: MockApp, options: { host?: string; port?: number } = {}): Promise<RunningServer> {
  app.scenarios ??= scenarioLoader;
  const server = createServer(requestListener(app));
  server.on('clientError', clientErrorListener);
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4010, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
