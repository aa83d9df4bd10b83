/**
 * A call the list refuses gets Invalid params with the list's own reason: its message names the parameter,
 * where the behaviour's error object is the body (MCP) or nested in it (A2A's google.rpc.Status).
 */
import { describe, expect, it } from 'vitest';
import { MockApp } from '../../src/apis/mock-functions.js';
import { handshakeCallText, handshakeOf, JSON_RPC_ERRORS, requestText } from '../../src/contract/json-rpc.js';
import { allOperations } from '../../src/contract/operations.js';
import { BUILTIN } from '../helpers/apis.js';
import { jsonRpcOperations, messagesOf } from '../helpers/json-rpc-answers.js';

describe('a refused JSON-RPC call says why', () => {
  for (const op of jsonRpcOperations(allOperations(BUILTIN))) {
    const refused = op.rejected[0]
      ? { param: op.rejected[0].param, value: op.rejected[0].values[0]! }
      : op.limit?.maximum !== undefined
        ? { param: op.limit.param, value: String(op.limit.maximum + 1) }
        : undefined;
    if (!refused) continue;
    it(`${op.api}.${op.operationId}: ${refused.param}=${refused.value}`, async () => {
      const app = await MockApp.create({});
      const post = (body: string, headers: Record<string, string> = {}) =>
        app.respond(op.api, { method: 'POST', path: op.path, query: new URLSearchParams(), body, headers });
      const handshake = handshakeOf(op);
      const session = handshake
        ? {
            [handshake.header.toLowerCase()]: post(handshakeCallText(handshake)).headers[
              handshake.header.toLowerCase()
            ]!,
          }
        : {};
      const answer = post(requestText(op, [[refused.param, refused.value]]), session);
      const message = messagesOf(answer.headers['content-type']!, answer.raw ?? JSON.stringify(answer.body));
      expect(message).toMatchObject({ error: { code: JSON_RPC_ERRORS.invalidParams } });
      expect((message as { error: { message: string } }).error.message).toContain(refused.param);
    });
  }
});
