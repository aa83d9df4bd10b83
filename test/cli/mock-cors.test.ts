import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { cli } from '../helpers/cli.js';

/** Runs `mock` with these flags until `use` is done with its base URL. */
async function withMock(flags: string[], use: (base: string, banner: string) => Promise<void>): Promise<void> {
  let out = '';
  let stop!: () => void;
  const stopSignal = new Promise<void>((resolve) => (stop = resolve));
  const running = runCli(['mock', '--port', '0', ...flags], {
    stdout: (t) => (out += t),
    stderr: () => undefined,
    stopSignal,
  });
  for (let i = 0; i < 100 && !out.includes('listening'); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  try {
    await use(/listening (http:\/\/\S+)/.exec(out)![1]!, out);
  } finally {
    stop();
    expect(await running).toBe(0);
  }
}

describe('mock start-up', () => {
  it('the banner names the control page, which answers, its URLs in one column', async () => {
    await withMock([], async (base, banner) => {
      const rows = banner.split('\n').filter((line) => line.startsWith('  '));
      expect(rows.find((row) => row.trim().startsWith('page '))).toContain(` ${base}/__mock/ `);
      // Past the longest API name, every row's first URL starts at the same place.
      expect(new Set(rows.map((row) => row.indexOf(base))), banner).toHaveLength(1);
      const page = await fetch(`${base}/__mock/`);
      expect(page.headers.get('content-type')).toContain('text/html');
    });
  });
});

describe('mock --cors and --control-origin', () => {
  it('CORS is on by default; --control-origin lets that page drive the control API, others get a 403', async () => {
    await withMock(['--control-origin', 'http://localhost:5173'], async (base) => {
      const read = await fetch(`${base}/jsonrpc/tasks?limit=1`, { headers: { origin: 'http://localhost:3000' } });
      expect(read.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
      // A page on another origin reads what a fault broke (see Faults in docs/standalone-server.md).
      expect(read.headers.get('access-control-expose-headers')).toContain('x-mock-faults');
      const other = await fetch(`${base}/__mock/reset`, {
        method: 'POST',
        body: '{}',
        headers: { origin: 'http://localhost:3000' },
      });
      expect(other.status).toBe(403);
      const allowed = await fetch(`${base}/__mock/reset`, {
        method: 'POST',
        body: '{}',
        headers: { origin: 'http://localhost:5173' },
      });
      expect(allowed.status).toBe(200);
    });
  });

  it('--cors false sends no Access-Control-Allow-Origin', async () => {
    await withMock(['--cors', 'false'], async (base) => {
      const read = await fetch(`${base}/jsonrpc/tasks?limit=1`, { headers: { origin: 'http://localhost:3000' } });
      expect(read.status).toBe(200);
      expect(read.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  it.each([
    [['mock', '--cors', 'maybe'], '--cors takes true or false; got "maybe"'],
    [
      ['mock', '--control-origin', 'localhost:5173'],
      '--control-origin takes an origin (scheme, host and port), e.g. http://localhost:5173; got "localhost:5173"',
    ],
  ])('bad flags exit 2 with a reason: %j', async (argv, reason) => {
    const { code, err } = await cli(...argv);
    expect(code).toBe(2);
    expect(err.split('\n')[0]).toContain(reason);
  });
});
