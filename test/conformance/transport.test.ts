/**
 * Cases of one batch share exchanges by URL, but a case compares its own answers in the order it got
 * them: it never takes a shared exchange asked for before its own last answer came (that would show
 * the list as it was before what the case last saw, a task gone back from failed to queued). An
 * exchange it takes is as old as the request that got it, whoever asked for it.
 */

import { describe, expect, it } from 'vitest';
import type { SharedExchanges } from '../../src/conformance/transport.js';
import { Transport } from '../../src/conformance/transport.js';
import { operationsOf } from '../../src/contract/operations.js';
import type { HttpClient, HttpResult } from '../../src/http/client.js';
import { BUILTIN } from '../helpers/apis.js';

/** A client whose n-th answer has body { version: n }: later answers show a later list. */
function versioned() {
  let version = 0;
  const request = async (url: URL): Promise<HttpResult> => {
    version++;
    await new Promise((resolve) => setTimeout(resolve, 2));
    const body = { version };
    return { exchange: { url: url.toString(), query: [], status: 200, contentType: 'application/json', body }, ms: 2 };
  };
  return { request } as unknown as HttpClient;
}

const op = operationsOf('ark', BUILTIN)[0]!;
const caseTransport = (client: HttpClient, shared: SharedExchanges) =>
  new Transport(new URL('http://127.0.0.1:1/ark'), client, { judge: () => [] }, { exchange: () => {} }).with(
    { judge: () => [] },
    { exchange: () => {} },
    shared,
  );
const versionOf = async (transport: Transport, query: [string, string][]) =>
  ((await transport.send(op, 'sesn-x', query)).exchange!.body as { version: number }).version;

describe('shared exchanges keep each case in time order', () => {
  it('a case takes an exchange another case asked for after its own last answer', async () => {
    const client = versioned();
    const shared: SharedExchanges = new Map();
    const [a, b] = [caseTransport(client, shared), caseTransport(client, shared)];
    expect(await versionOf(b, [['limit', '1']])).toBe(1);
    expect(await versionOf(a, [['limit', '26']])).toBe(2);
    // Asked for after b's last answer came: b takes it, one request for both.
    expect(await versionOf(b, [['limit', '26']])).toBe(2);
  });

  it('a case does not take an exchange asked for before its own last answer came', async () => {
    const client = versioned();
    const shared: SharedExchanges = new Map();
    const [a, b] = [caseTransport(client, shared), caseTransport(client, shared)];
    expect(await versionOf(a, [['limit', '26']])).toBe(1);
    expect(await versionOf(b, [])).toBe(2);
    // a's answer is older than what b last saw: b asks again and sees the list as it is now.
    expect(await versionOf(b, [['limit', '26']])).toBe(3);
  });

  it('an exchange a case takes says when the request that got it was asked for and when it came', async () => {
    const client = versioned();
    const shared: SharedExchanges = new Map();
    const [a, b] = [caseTransport(client, shared), caseTransport(client, shared)];
    const asked = await a.send(op, 'sesn-x', [['limit', '26']]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const takenAfter = performance.now();
    const taken = await b.send(op, 'sesn-x', [['limit', '26']]);
    expect(taken.exchange).toBe(asked.exchange);
    expect([taken.askedAt, taken.at]).toEqual([asked.askedAt, asked.at]);
    expect(taken.at).toBeLessThan(takenAfter);
  });
});
