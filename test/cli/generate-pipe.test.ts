/** `generate` as a real process writing to a pipe: whole lines to a slow reader, and a quiet stop when the reader goes. */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

function generate(count: number) {
  return spawn(
    `${ROOT}/node_modules/.bin/tsx`,
    [`${ROOT}/src/cli/entry.ts`, 'generate', '--api', 'ark', '--what', 'task', '--count', String(count)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

const exited = (child: ReturnType<typeof generate>) =>
  new Promise<number | null>((done) => child.on('close', (code) => done(code)));

describe('generate writing to a pipe', () => {
  it('a reader that stops after the first bytes (`| head`): exit 0, nothing on stderr', async () => {
    const child = generate(200_000);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    expect(await exited(child)).toBe(0);
    expect(stderr).toBe('');
  }, 30_000);

  it('a reader slower than the writer gets every line whole', async () => {
    const child = generate(20_000);
    const chunks: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => {
      chunks.push(d);
      // Fall behind: the pipe fills, and the writer must wait for it.
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), 2);
    });
    expect(await exited(child)).toBe(0);
    const lines = Buffer.concat(chunks).toString('utf8').trim().split('\n');
    expect(lines).toHaveLength(20_000);
    expect(new Set(lines.map((line) => (JSON.parse(line) as { task_id: string }).task_id)).size).toBe(20_000);
  }, 60_000);
});
