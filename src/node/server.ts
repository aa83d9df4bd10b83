/**
 * The standalone mock: node:http over the same MockApp the MSW handlers use, without building
 * Fetch Request/Response objects per request. APIs at /praxis, /everruns, /ark, /jsonrpc, /langgraph,
 * /a2a, /mcp;
 * control API at /__mock.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { errorResponse } from '../handlers/apis.js';
import type { MockApp } from '../handlers/app.js';
import { controlAnswer, controlResponse } from '../handlers/control.js';
import { describeInternalError } from '../handlers/control-error.js';
import { faultChanges } from '../handlers/faults/index.js';
import type { MockResponse } from '../handlers/types.js';
import { scenarioLoader } from '../scenarios/loader.js';
import { CONTROL_PAGE_HEADERS, controlPage, controlPageData } from './control-page.js';

/** Room for adding a few thousand realistic tasks in one call (about 220 bytes each as partials). */
const MAX_CONTROL_BODY = 8 * 1024 * 1024;

export interface RunningServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

function send(req: IncomingMessage, res: ServerResponse, response: MockResponse): void {
  // An asked-for network error: the connection goes without an answer.
  if (response.networkError) {
    res.destroy();
    return;
  }
  if (response.bytes) {
    res.writeHead(response.status, response.headers);
    res.end(req.method === 'HEAD' ? undefined : response.bytes);
    return;
  }
  const bytes = Buffer.from(response.raw ?? JSON.stringify(response.body));
  res.writeHead(response.status, { ...response.headers, 'content-length': bytes.length });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

/** A control request body the server refuses before the control API sees it. */
class BodyRefused extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

/** A request's body as text, or undefined past `max` bytes (the rest read and dropped: the client gets an answer). */
async function readText(req: IncomingMessage, max: number): Promise<string | undefined> {
  const declared = Number(req.headers['content-length']);
  if (declared > max) {
    req.resume();
    return undefined;
  }
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= max) chunks.push(chunk as Buffer);
  }
  return size > max ? undefined : Buffer.concat(chunks).toString('utf8');
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const text = await readText(req, MAX_CONTROL_BODY);
  if (text === undefined) throw tooLarge();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BodyRefused(400, `the control request body is not JSON: ${String(error).slice(0, 200)}`);
  }
}

function tooLarge(): BodyRefused {
  return new BodyRefused(
    413,
    `the control request body is over the limit of ${MAX_CONTROL_BODY} bytes ` +
      `(${MAX_CONTROL_BODY / 1024 / 1024} MiB); add the tasks in several calls, a few thousand at a time`,
  );
}

/**
 * The path and query of a request target. The usual origin-form target (`/ark/…?…`, no dot
 * segments) is split as it is, on the hot path; anything else goes through the URL parser.
 */
function parseTarget(target: string): { pathname: string; search: string; searchParams: URLSearchParams } | undefined {
  const q = target.indexOf('?');
  const pathname = q === -1 ? target : target.slice(0, q);
  if (
    target.startsWith('/') &&
    !target.startsWith('//') &&
    !pathname.includes('/.') &&
    !pathname.includes('\\') &&
    !pathname.includes('#')
  ) {
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

export interface ServerOptions {
  host?: string;
  port?: number;
  /**
   * Answer browsers on other origins (default true, as Prism does): preflights of the API
   * operations, and `Access-Control-Allow-Origin` echoing the request's `Origin`.
   */
  cors?: boolean;
  /**
   * Origins (`http://localhost:5173`) whose pages may drive the control API besides the server's
   * own. A `/__mock` request from any other origin is refused with a 403: the control API changes
   * state, so a web page elsewhere must not drive a developer's mock. Requests without an `Origin`
   * header (curl, Node, Playwright's request API) are always allowed.
   */
  controlOrigins?: readonly string[];
}

const CONTROL_METHODS = 'GET, POST, OPTIONS';
const API_METHODS = 'GET, HEAD, POST, OPTIONS';
/** The largest JSON-RPC call (or batch) an API path reads. */
const MAX_API_BODY = 1024 * 1024;
/** Headers an API answer carries that a page on another origin may read. */
const EXPOSED = 'request-id, retry-after, x-request-id, x-mock-faults';

function requestListener(app: MockApp, options: ServerOptions = {}) {
  const cors = options.cors ?? true;
  const controlOrigins = new Set((options.controlOrigins ?? []).map(normaliseOrigin));
  return (req: IncomingMessage, res: ServerResponse): void => {
    try {
      route(app, req, res, cors, controlOrigins);
    } catch (error) {
      // Nothing a request does may end the server: answer 500 and go on.
      answerInternalError(req, res, error);
    }
  };
}

function route(
  app: MockApp,
  req: IncomingMessage,
  res: ServerResponse,
  cors: boolean,
  controlOrigins: ReadonlySet<string>,
): void {
  const fail = (status: number, message: string) =>
    send(req, res, { status, headers: { 'content-type': 'application/json' }, body: { error: message } });
  const url = parseTarget(req.url ?? '/');
  if (!url) {
    fail(400, 'the request target is not a valid URL');
    return;
  }
  const slash = url.pathname.indexOf('/', 1);
  const prefix = slash === -1 ? url.pathname.slice(1) : url.pathname.slice(1, slash);
  const rest = slash === -1 ? '/' : url.pathname.slice(slash);
  const origin = req.headers.origin;
  if (prefix === '__mock') {
    if (origin !== undefined && !controlAllowed(origin, req, controlOrigins)) {
      req.resume();
      // Cut: an origin header is the client's to make as long as it likes.
      const shown = origin.slice(0, 200);
      send(
        req,
        res,
        controlAnswer(403, {
          error:
            `the control API answers pages of this server's own origin and of --control-origin only, not ${shown}; ` +
            `start the mock with --control-origin ${shown} to allow it`,
        }),
      );
      return;
    }
    if (origin !== undefined) allowOrigin(res, origin, CONTROL_METHODS);
    if (req.method === 'OPTIONS') {
      req.resume();
      preflight(req, res, CONTROL_METHODS);
      return;
    }
    if (rest === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
      req.resume();
      app
        .injectableFaults()
        .then((faults) => {
          const page = Buffer.from(
            controlPage(controlPageData(app.apis, app.servedApis(), faults, faultChanges(app.apis))),
          );
          res.writeHead(200, { ...CONTROL_PAGE_HEADERS, 'content-length': page.length });
          res.end(req.method === 'HEAD' ? undefined : page);
        })
        .catch((error: unknown) => answerInternalError(req, res, error));
      return;
    }
    readBody(req)
      .then(
        (body) => controlResponse(app, req.method ?? 'GET', rest, body),
        (error: unknown) => {
          if (!(error instanceof BodyRefused)) throw error;
          return controlAnswer(error.status, { error: error.message });
        },
      )
      .then((response) => send(req, res, response))
      .catch((error: unknown) => answerInternalError(req, res, error));
    return;
  }
  if (!app.serves(prefix)) {
    req.resume();
    fail(
      404,
      `no API at /${prefix.slice(0, 50)}; the APIs are at ${app
        .servedApis()
        .map((api) => `/${api}`)
        .join(', ')}`,
    );
    return;
  }
  if (cors && origin !== undefined) {
    allowOrigin(res, origin, API_METHODS, sessionHeadersOf(app, prefix));
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      req.resume();
      preflight(req, res, API_METHODS);
      return;
    }
  }
  if (req.method === 'POST') {
    // A JSON-RPC call: its body is the request.
    readText(req, MAX_API_BODY)
      .then((body) => {
        if (body === undefined) fail(413, `the request body is over the limit of ${MAX_API_BODY} bytes`);
        else answerApi(app, req, res, prefix, rest, url, body);
      })
      .catch((error: unknown) => answerInternalError(req, res, error));
    return;
  }
  // Drain any request body so keep-alive connections stay usable.
  req.resume();
  answerApi(app, req, res, prefix, rest, url);
}

/** An API request answered by the app, after the latency asked for. */
function answerApi(
  app: MockApp,
  req: IncomingMessage,
  res: ServerResponse,
  prefix: string,
  rest: string,
  url: { search: string; searchParams: URLSearchParams },
  body?: string,
): void {
  // Node joins repeated headers it does not know into one string.
  const prefer = req.headers.prefer as string | undefined;
  const response = app.respond(prefix, {
    method: req.method ?? 'GET',
    path: rest,
    base: `http://${req.headers.host ?? '127.0.0.1'}/${prefix}`,
    query: url.searchParams,
    search: url.search,
    ...(prefer === undefined ? {} : { prefer }),
    headers: req.headers,
    ...(body === undefined ? {} : { body }),
  });
  // Latency is a network delay in wall-clock time: a frozen virtual clock never holds it.
  const delay = response.delayMs ?? app.latencyMs;
  if (delay > 0)
    setTimeout(() => {
      try {
        send(req, res, response);
      } catch (error) {
        answerInternalError(req, res, error);
      }
    }, delay);
  else send(req, res, response);
}

/** Whether a page of `origin` may drive the control API: the server's own origin, or one allowed by name. */
function controlAllowed(origin: string, req: IncomingMessage, allowed: ReadonlySet<string>): boolean {
  const own = req.headers.host === undefined ? undefined : `http://${req.headers.host.toLowerCase()}`;
  const asked = normaliseOrigin(origin);
  return asked === own || allowed.has(asked);
}

/** The headers an API's answers name a handshake's session in, which a page on another origin must read. */
function sessionHeadersOf(app: MockApp, api: string): string {
  return app.apis.derive(`session-headers|${api}`, () =>
    app.apis
      .contractOf(api)
      .operations.flatMap((op) => (op.session.in === 'handshake' ? [op.session.header.toLowerCase()] : []))
      .join(', '),
  );
}

function normaliseOrigin(origin: string): string {
  return origin.trim().replace(/\/+$/, '').toLowerCase();
}

function allowOrigin(res: ServerResponse, origin: string, methods: string, exposed = ''): void {
  res.setHeader('access-control-allow-origin', origin);
  res.setHeader('vary', 'Origin');
  res.setHeader('access-control-expose-headers', exposed ? `${EXPOSED}, ${exposed}` : EXPOSED);
  res.setHeader('access-control-allow-methods', methods);
}

/** A CORS preflight's answer: the methods, and the request headers the page asked for. */
function preflight(req: IncomingMessage, res: ServerResponse, methods: string): void {
  const asked = req.headers['access-control-request-headers'];
  res.writeHead(204, {
    allow: methods,
    'access-control-allow-methods': methods,
    ...(asked ? { 'access-control-allow-headers': String(asked).slice(0, 1000) } : {}),
    'access-control-max-age': '600',
    'content-length': '0',
  });
  res.end();
}

/** A 500 in JSON, when the answer has not begun; otherwise the connection is closed. */
function answerInternalError(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  const message = describeInternalError(
    `the server (${String(req.method).slice(0, 16)} ${String(req.url).slice(0, 200)})`,
    error,
  );
  if (res.headersSent) {
    res.destroy();
    return;
  }
  try {
    send(req, res, {
      status: 500,
      headers: { 'content-type': 'application/json' },
      body: { error: `mock internal error: ${message}` },
    });
  } catch {
    res.destroy();
  }
}

/**
 * Requests Node's HTTP parser refuses (raw non-ASCII or control bytes in the target, broken
 * headers) never reach a handler; answer them as the API they were meant for would, in JSON.
 */
const clientErrorListener =
  (app: MockApp) => (error: Error & { code?: string; rawPacket?: Buffer }, socket: Socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const line = error.rawPacket?.toString('latin1').split('\r\n', 1)[0] ?? '';
    // An API's name may hold digits (a2a).
    const prefix = /^\S+ \/([a-z][a-z0-9_-]*)/.exec(line)?.[1] ?? '';
    const message =
      'the request could not be parsed as HTTP (percent-encode non-ASCII and control characters in the URL)';
    const response = app.serves(prefix)
      ? errorResponse(prefix, 400, message, {}, 0, app.apis)
      : { status: 400, headers: { 'content-type': 'application/json' }, body: { error: message } };
    const text = JSON.stringify(response.body);
    const head = [
      `HTTP/1.1 ${response.status} Bad Request`,
      ...Object.entries(response.headers).map(([k, v]) => `${k}: ${v}`),
      `content-length: ${Buffer.byteLength(text)}`,
      'connection: close',
    ];
    // A HEAD answer has headers only (RFC 9110 §9.3.2): a body would be read as the next response.
    const isHead = /^HEAD /i.test(line);
    socket.end(`${head.join('\r\n')}\r\n\r\n${isHead ? '' : text}`);
  };

/**
 * Serves the app over HTTP; its control API loads scenarios (`POST /__mock/scenario`) unless the
 * app has its own loader.
 */
export async function startServer(app: MockApp, options: ServerOptions = {}): Promise<RunningServer> {
  app.scenarios ??= scenarioLoader;
  for (const origin of options.controlOrigins ?? []) {
    if (!/^https?:\/\/[^/\s]+\/?$/i.test(origin.trim()))
      throw new Error(
        `control origin "${origin}" is not an origin; give scheme, host and port, e.g. http://localhost:5173`,
      );
  }
  const server = createServer(requestListener(app, options));
  server.on('clientError', clientErrorListener(app));
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
