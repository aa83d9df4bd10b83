/**
 * `conform` sends a request in a session id no handshake gave (MCP's `Mcp-Session-Id`). The document says a
 * session the server ended gets 404 and nothing of one it never gave, so only a 5xx is judged: a server that
 * answers such an id with 500 is caught under not-a-server-error, with a printed request that reproduces it; one
 * that answers it with another session's tasks is noted, not reported; the mock (404) passes.
 */
import { execFile } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handshakeOf } from '../../src/contract/json-rpc.js';
import { allOperations } from '../../src/contract/operations.js';
import { runConformance } from '../../src/entries/conformance.js';
import { mockOf } from '../../src/handlers/apis.js';
import { BUILTIN } from '../helpers/apis.js';
import { hostile } from '../helpers/hostile.js';
import { startMock } from '../helpers/mock-server.js';

const run = promisify(execFile);
let mock: Awaited<ReturnType<typeof startMock>>;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(() => mock.server.close());

for (const op of allOperations(BUILTIN).filter((o) => handshakeOf(o))) {
  const header = handshakeOf(op)!.header.toLowerCase();
  const demo = mockOf(op.api, BUILTIN).demo!.session;

  /**
   * The mock behind a proxy that answers a session the mock does not hold as `how` says: 500, or the demo
   * session's list as if it were that session's.
   */
  async function proxy(how: 'server-error' | 'another-session') {
    const opened = new Set<string>([demo]);
    return hostile((req: IncomingMessage, res: ServerResponse) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        void (async () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(req.headers))
            if (typeof value === 'string' && name !== 'host' && name !== 'content-length') headers[name] = value;
          const session = headers[header];
          if (session !== undefined && !opened.has(session)) {
            if (how === 'server-error') {
              res.writeHead(500, { 'content-type': 'application/json' });
              res.end(
                JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32603, message: 'no such session' } }),
              );
              return;
            }
            headers[header] = demo;
          }
          const answer = await fetch(`${mock.base(op.api)}${req.url}`, { method: req.method, headers, body });
          const given = answer.headers.get(header);
          if (given) opened.add(given);
          res.writeHead(answer.status, {
            'content-type': answer.headers.get('content-type') ?? 'text/plain',
            ...(given ? { [header]: given } : {}),
          });
          res.end(await answer.text());
        })();
      });
    });
  }

  const conform = (baseUrl: string) =>
    runConformance({
      api: op.api,
      operations: [op.operationId],
      baseUrl,
      seed: 3,
      runs: 5,
      polls: 1,
      pollIntervalMs: 0,
    });

  describe(`${op.api}.${op.operationId}: a session id no handshake gave`, () => {
    it('the mock answers it 404: nothing is reported or noted', async () => {
      const result = await conform(mock.base(op.api));
      expect(result.violations.map((v) => `${v.law}: ${v.message}`)).toEqual([]);
      expect(result.notes.filter((note) => note.includes('atcunknown'))).toEqual([]);
      expect(result.laws.find((law) => law.id === `${op.lawPrefix}.not-a-server-error`)?.outcome).toBe('passed');
    });

    it('a server that answers it 500 is caught under not-a-server-error, with a request that reproduces it', async () => {
      const server = await proxy('server-error');
      try {
        const result = await conform(server.url);
        expect(result.violations.map((v) => v.law)).toEqual([`${op.lawPrefix}.not-a-server-error`]);
        const [found] = result.violations;
        expect(found!.curl).toContain(`-H '${handshakeOf(op)!.header}: atcunknown3'`);
        const { stdout } = await run('sh', ['-c', `${found!.curl} -o /dev/null -w '%{http_code}'`]);
        expect(stdout).toBe('500');
      } finally {
        await server.close();
      }
    });

    it('a server that answers it with another session’s tasks is noted, not reported: the document is silent', async () => {
      const server = await proxy('another-session');
      try {
        const result = await conform(server.url);
        expect(result.violations.map((v) => `${v.law}: ${v.message}`)).toEqual([]);
        expect(result.notes.filter((note) => note.includes('atcunknown3'))).toHaveLength(1);
      } finally {
        await server.close();
      }
    });
  });
}
