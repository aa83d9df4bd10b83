/**
 * Every replay line the runner prints, run exactly as printed in a shell (headers through the
 * same $ATC_HEADER_… variables), reproduces the same violation: one per kind of violation. The
 * curl line of each runs too.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/conformance/index.js';
import type { Face } from '../../src/contract/index.js';
import { startMock } from '../helpers/mock-server.js';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const SECRET = 'Bearer sk-replay-never-printed';

let mock: Awaited<ReturnType<typeof startMock>>;
let bin: string;
beforeAll(async () => {
  mock = await startMock();
  // The command a person has on PATH after installing the package, pointed at this checkout.
  bin = await mkdtemp(join(tmpdir(), 'atc-bin-'));
  const shim = join(bin, 'agent-task-contracts');
  await writeFile(shim, `#!/bin/sh\nexec "${ROOT}/node_modules/.bin/tsx" "${ROOT}/src/cli/entry.ts" "$@"\n`);
  await chmod(shim, 0o755);
});
afterAll(async () => {
  await mock.server.close();
  await rm(bin, { recursive: true, force: true });
});

const KINDS: [kind: string, face: Face, session: string, fault: string, property: boolean][] = [
  ['combination walk', 'ark', 'sesn-demo', 'ark.filter-session_thread_id', false],
  ['combination walk with a fixed query (JSON-RPC session)', 'jsonrpc', 'demo', 'jsonrpc.filter-status', false],
  ['baseline walk', 'ark', 'sesn-demo', 'ark.order-newest-first', false],
  ['documented refusal', 'ark', 'sesn-demo', 'ark.invalid-limit-rejected', false],
  ['observation over time', 'ark', 'sesn-demo', 'ark.lifecycle-forward', false],
];

describe('replay lines run as printed', () => {
  for (const [kind, face, session, fault, property] of KINDS) {
    it(`${kind}: ${fault}`, async () => {
      mock.app.faults = new Set([fault]);
      const result = await runConformance({
        face,
        baseUrl: mock.base(face),
        session,
        seed: 11,
        runs: 40,
        polls: 2,
        pollIntervalMs: 10,
        headers: { Authorization: SECRET },
      });
      const violation = result.violations.find((v) => v.rule === fault);
      expect(violation?.replay, `${fault} reported with a replay line`).toBeDefined();
      const line = violation!.replay!.command;
      expect(line).not.toContain('sk-replay');
      expect(line).toContain(`--session ${session}`);
      expect(line).toContain('"Authorization: $ATC_HEADER_AUTHORIZATION"');
      if (property) expect(line).toMatch(/--seed -?\d+ --path [\d:]+/);
      const replayed = await run('bash', ['-c', line], {
        env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, ATC_HEADER_AUTHORIZATION: SECRET },
        timeout: 60_000,
      }).then(
        () => ({ code: 0, out: '' }),
        (error: { code: number; stdout: string }) => ({ code: error.code, out: error.stdout }),
      );
      // The request line, run as printed, gets the answer the violation was found in.
      const curl = await run('bash', ['-c', violation!.curl], {
        env: { ...process.env, ATC_HEADER_AUTHORIZATION: SECRET },
        timeout: 30_000,
      });
      expect(() => JSON.parse(curl.stdout)).not.toThrow();
      expect(violation!.curl).toContain('"Authorization: $ATC_HEADER_AUTHORIZATION"');
      mock.app.faults = new Set();
      expect(replayed.code).toBe(1);
      expect(replayed.out).toContain(`✗ ${fault}`);
      expect(replayed.out).not.toContain('sk-replay');
    }, 90_000);
  }
});
