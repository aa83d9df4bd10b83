import { runCli } from '../../src/cli/main.js';

/** Runs the CLI in process and captures what it prints. */
export async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, {
    stdout: (t) => (out += t),
    stderr: (t) => (err += t),
    stopSignal: new Promise(() => {}),
  });
  return { code, out, err };
}
