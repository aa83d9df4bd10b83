import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;

/** A throwaway server on 127.0.0.1 that answers every request with `handler`. */
export async function hostile(
  handler: Handler,
): Promise<{ url: string; requests: () => number; seen: IncomingMessage[]; close: () => Promise<void> }> {
  let n = 0;
  const seen: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    n++;
    seen.push(req);
    handler(req, res, n);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => n,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Headers that belong to one connection, not to the request or answer a proxy passes on. */
const HOP_BY_HOP = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'content-encoding',
  'keep-alive',
]);

/** The request a proxy sends on for `from`: its method, its headers but the connection's, and its body. */
async function passedOn(from: IncomingMessage): Promise<RequestInit> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(from.headers))
    if (typeof value === 'string' && !HOP_BY_HOP.has(name)) headers[name] = value;
  if (from.method === 'GET' || from.method === 'HEAD') return { method: from.method, headers };
  const chunks: Buffer[] = [];
  for await (const chunk of from) chunks.push(chunk as Buffer);
  return { method: from.method ?? 'POST', headers, body: Buffer.concat(chunks).toString('utf8') };
}

/**
 * Answers with what a GET of `url` answers (status, content type, body), the body's text passed through `edit`;
 * given the request it stands for (`from`), sends that on (a JSON-RPC POST with its session header) and passes
 * every header of the answer back.
 */
export async function forward(
  res: ServerResponse,
  url: string | URL,
  edit: (body: string) => string = (body) => body,
  from?: IncomingMessage,
): Promise<void> {
  const init = from ? await passedOn(from) : undefined;
  // The server behind may close a kept-alive connection as it is reused: sent once more, as a client would.
  const answer = await fetch(url, init).catch(() => fetch(url, init));
  const headers: Record<string, string> = { 'content-type': answer.headers.get('content-type') ?? 'application/json' };
  if (from) for (const [name, value] of answer.headers) if (!HOP_BY_HOP.has(name)) headers[name] = value;
  res.writeHead(answer.status, headers);
  res.end(edit(await answer.text()));
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * A gzip body of `members` concatenated members, each 16 MiB of zeros: about 16 KB on the wire
 * per 16 MiB decompressed (a gzip bomb), built without holding the decompressed bytes.
 */
export function gzipBomb(members: number): Buffer {
  const member = gzipSync(Buffer.alloc(16 * 1024 * 1024));
  return Buffer.concat(Array.from({ length: members }, () => member));
}

/** Writes `chunk` for ever, as fast as the client reads (backpressure), until the connection closes. */
export function endless(res: ServerResponse, chunk: Buffer): void {
  const write = () => {
    while (!res.destroyed && res.write(chunk));
  };
  res.on('drain', write);
  write();
}

/** Sends one byte every `everyMs` until the connection closes: an answer that never completes. */
export function trickle(res: ServerResponse, everyMs: number): void {
  const timer = setInterval(() => res.write(' '), everyMs);
  res.on('close', () => clearInterval(timer));
}

/** Peak growth of this process's resident memory while `work` runs, in bytes. */
export async function peakRssGrowth<T>(work: () => Promise<T>): Promise<{ value: T; growth: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, growth: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * A proxy to `upstream` that serves at most `most` requests at once, each held `holdMs` so that
 * requests overlap, and answers the others 429 with the Retry-After `retryAfter` gives the n-th of
 * them (n from 1): a correct server with a rate limit.
 */
export async function throttling(upstream: string, most: number, retryAfter: (n: number) => string, holdMs = 5) {
  let serving = 0;
  let throttled = 0;
  const server = await hostile((req, res) => {
    if (serving >= most) return sendJson(res, 429, { error: 'slow down' }, { 'retry-after': retryAfter(++throttled) });
    serving++;
    res.on('close', () => serving--);
    setTimeout(() => void forward(res, `${upstream}${req.url}`, undefined, req), holdMs);
  });
  return { ...server, throttled: () => throttled };
}
