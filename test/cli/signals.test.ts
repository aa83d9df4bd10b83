/**
 * Stopping the process a user started stops the server: `npx agent-task-contracts mock` runs the bin
 * under a shell of npm's, and stopping npx must not leave the mock listening on its port.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
let dir: string;
/** The package's bin, as a user's `npx <name>` names it. */
let bin: string;
const started: ChildProcess[] = [];

beforeAll(async () => {
  // A project with the package installed: npx finds its bin in node_modules/.bin, as after `npm install`.
  bin = (JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { name: string }).name;
  dir = await mkdtemp(join(tmpdir(), 'atc-signals-'));
  await writeFile(join(dir, 'package.json'), '{"name":"signals-probe","version":"1.0.0","private":true}');
  await mkdir(join(dir, 'node_modules/.bin'), { recursive: true });
  await symlink(ROOT, join(dir, 'node_modules', bin));
  await symlink(`../${bin}/bin/${bin}.js`, join(dir, 'node_modules/.bin', bin));
});
afterAll(async () => {
  // The whole process group, so that a server the signal failed to stop does not outlive the test.
  for (const child of started) if (child.pid !== undefined) killGroup(child.pid);
  await rm(dir, { recursive: true, force: true });
});

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Starts `npx agent-task-contracts mock` on a free port and resolves with npx's process and the base URL. */
async function startMock(): Promise<{ npx: ChildProcess; base: string }> {
  const command = ['--no-install', bin, 'mock', '--host', '127.0.0.1', '--port', '0'];
  const npx = spawn('npx', command, {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(npx);
  let out = '';
  const base = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`the mock did not start in 20 s; it printed:\n${out}`)), 20_000);
    npx.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const listening = /listening (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (listening?.[1]) {
        clearTimeout(timer);
        done(listening[1]);
      }
    });
    npx.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  });
  return { npx, base };
}

async function answers(base: string): Promise<boolean> {
  try {
    await fetch(`${base}/__mock/state`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

/** Whether the server still answers after `ms` of asking every 100 ms. */
async function stillAnswersAfter(base: string, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!(await answers(base))) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return answers(base);
}

describe('stopping the process the user started', () => {
  // npm passes a SIGTERM on to its shell, which dies without passing it on: the bin must notice.
  it("SIGTERM to npx's pid stops the mock it started", async () => {
    const { npx, base } = await startMock();
    expect(await answers(base)).toBe(true);
    process.kill(pidOf(npx), 'SIGTERM');
    expect(await stillAnswersAfter(base, 4000), `${base} still answers after npx got SIGTERM`).toBe(false);
  }, 30_000);

  // Ctrl-C in a terminal signals the foreground process group: npm, its shell and the bin at once.
  it("SIGINT to npx's process group (Ctrl-C) stops the mock it started", async () => {
    const { npx, base } = await startMock();
    expect(await answers(base)).toBe(true);
    process.kill(-pidOf(npx), 'SIGINT');
    expect(await stillAnswersAfter(base, 4000), `${base} still answers after Ctrl-C`).toBe(false);
  }, 30_000);
});

function pidOf(child: ChildProcess): number {
  if (child.pid === undefined) throw new Error('npx did not start');
  return child.pid;
}
