/**
 * Headers a run sends beside its own: a --header replaces the operation's header of the same name whatever its
 * case (sent as two keys, A2A-Version and a2a-version reach the server joined into one value), and a JSON-RPC
 * error sent with a status other than 200 (MCP's 400 Bad Request) is judged by its error object.
 */
import { describe, expect, it } from 'vitest';
import { judgedAnswer } from '../../src/contract/json-rpc.js';
import { HttpClient } from '../../src/http/client.js';
import { hostile, sendJson } from '../helpers/hostile.js';

describe('a --header of the name of a header the operation sends', () => {
  it('replaces it, in whatever case either is written: the server gets one value, the given one', async () => {
    const server = await hostile((req, res) => sendJson(res, 200, { version: req.headers['a2a-version'] ?? null }));
    try {
      const client = new HttpClient({
        headers: { 'a2a-version': '0.3' },
        timeoutMs: 2_000,
        maxRequests: 10,
        maxBodyBytes: 1 << 20,
        maxRetryWaitMs: 20,
        retries: 0,
      });
      const answer = await client.request(new URL(server.url), [], undefined, { headers: { 'A2A-Version': '1.0' } });
      expect(answer.exchange?.body).toEqual({ version: '0.3' });
    } finally {
      await server.close();
    }
  });
});

describe('a JSON-RPC error with another HTTP status than 200', () => {
  it('is judged by its error object, as the status’s schema describes it; any other body as it is', () => {
    const error = { code: -32000, message: 'Bad Request: Unsupported protocol version' };
    expect(judgedAnswer(400, { jsonrpc: '2.0', id: null, error })).toEqual({ status: 400, body: error });
    expect(judgedAnswer(404, { error: { code: 404 } })).toEqual({ status: 404, body: { error: { code: 404 } } });
    expect(judgedAnswer(400, 'Bad Request')).toEqual({ status: 400, body: 'Bad Request' });
  });
});
