/**
 * The sessions handshakes open (MCP's `initialize`) stay bounded in a mock that lives for hours inside a test
 * suite: past MAX_HANDSHAKE_SESSIONS per API the least recently used one is forgotten, and answered then as a
 * session the server does not hold; a session a test put tasks in is never forgotten.
 */
import { describe, expect, it } from 'vitest';
import { MockApp } from '../../src/apis/mock-functions.js';
import { handshakeCallText, handshakeOf, requestText } from '../../src/contract/json-rpc.js';
import { allOperations, itemsOf } from '../../src/contract/operations.js';
import { MAX_HANDSHAKE_SESSIONS } from '../../src/handlers/store.js';
import { BUILTIN } from '../helpers/apis.js';
import { messagesOf } from '../helpers/json-rpc-answers.js';

describe('sessions handshakes open', () => {
  for (const op of allOperations(BUILTIN).filter((o) => handshakeOf(o))) {
    const handshake = handshakeOf(op)!;
    const header = handshake.header.toLowerCase();

    it(`${op.api}: past ${MAX_HANDSHAKE_SESSIONS} the least recently used is forgotten, one with tasks never`, async () => {
      const app = await MockApp.create({});
      const post = (body: string, session?: string) =>
        app.respond(op.api, {
          method: 'POST',
          path: op.path,
          query: new URLSearchParams(),
          body,
          headers: session === undefined ? {} : { [header]: session },
        });
      const open = () => post(handshakeCallText(handshake)).headers[header]!;
      const list = (session: string) => {
        const answer = post(requestText(op, []), session);
        const message = answer.status === 200 ? messagesOf(answer.headers['content-type']!, answer.raw!) : undefined;
        return { status: answer.status, items: itemsOf(op, (message as { result?: unknown })?.result)?.length };
      };
      const before = app.store.sessionsOf(op.api).length;
      const filled = open();
      await app.addTasks(op.api, filled, [{}, {}]);
      const idle = open();
      const used = open();
      let last = '';
      for (let i = 0; i < MAX_HANDSHAKE_SESSIONS + 50; i++) {
        last = open();
        if (i % 1000 === 0) expect(list(used).status).toBe(200);
      }
      // The sessions kept: the one with tasks beside the newest opened, the one in use among them.
      expect(app.store.sessionsOf(op.api)).toHaveLength(before + 1 + MAX_HANDSHAKE_SESSIONS);
      expect(list(idle).status).toBe(handshake.unknown.status);
      expect(list(used)).toEqual({ status: 200, items: 0 });
      expect(list(last)).toEqual({ status: 200, items: 0 });
      expect(list(filled)).toEqual({ status: 200, items: 2 });
      // Reset empties the store: every session opened goes, the demo's are back.
      await app.reset();
      expect(app.store.sessionsOf(op.api)).toHaveLength(before);
    });
  }
});
