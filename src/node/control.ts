/**
 * The control of a mock server driven over HTTP (`/__mock/*`), for end-to-end tests: the Playwright
 * fixture uses it, and so can any Node test runner. It is `MockControl`, each call made from the
 * method table's request, so it has the in-process mock's calls and throws its ControlError.
 */

import type { TypedApiName } from '../contract/api-types.js';
import { controlErrorOf } from '../handlers/control-error.js';
import { type ControlBody, controlOver, controlRequest, controlResult } from '../handlers/control-table.js';
import type { MockControl } from '../handlers/mock-control.js';
import type { PlayableScenario } from '../scenarios/msw.js';

/** One mock server, driven over HTTP. */
export interface RemoteMock extends MockControl<PlayableScenario> {
  /** The server's root, e.g. `http://127.0.0.1:4010`. */
  readonly url: string;
  /** Each API's base URL on this server: point your app at `baseUrl.ark`. */
  readonly baseUrl: Readonly<Record<TypedApiName, string>>;
}

/** The control of the mock server at `url` (its root, without an API prefix). */
function remoteMock(url: string, served: readonly string[]): RemoteMock {
  const root = url.replace(/\/+$/, '');
  const control = controlOver<PlayableScenario>(async (call, args) => {
    const { method, path, body } = controlRequest(call, args);
    const response = await fetch(`${root}/__mock${path}`, {
      method,
      ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    let answer: unknown = text;
    try {
      answer = JSON.parse(text);
    } catch {
      // A proxy's HTML error page: kept as text for the error.
    }
    if (!response.ok) throw controlErrorOf(response.status, answer, `${method} /__mock${path}`);
    return controlResult(call, answer as ControlBody);
  });
  return {
    ...control,
    url: root,
    baseUrl: Object.freeze(
      Object.fromEntries(served.map((api) => [api, `${root}/${api}`])) as Record<TypedApiName, string>,
    ),
  };
}

/** The control of a running mock server, once it answers (a wrong URL fails here, not in the first test). */
export async function connectMock(url: string): Promise<RemoteMock> {
  let served: string[];
  try {
    // The APIs the server serves are the ones its state counts the tasks of.
    served = Object.keys((await remoteMock(url, []).state()).tasks);
  } catch (error) {
    throw new Error(
      `no agent-task-contracts mock answers at ${url}/__mock/state (${String(error)}); ` +
        'start one with `npx agent-task-contracts mock`',
    );
  }
  return remoteMock(url, served);
}
