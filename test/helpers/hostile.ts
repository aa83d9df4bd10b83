import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
