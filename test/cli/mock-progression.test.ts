import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { cli } from '../helpers/cli.js';

describe('mock --scenario --progression', () => {
  it('manual: extra polls keep the step; POST /__mock/advance moves it', async () => {
    let out = '';
    let stop!: () => void;
    const stopSignal = new Promise<void>((resolve) => (stop = resolve));
    const running = runCli(['mock', '--port', '0', '--scenario', 'ark-unknown-comes-back', '--progression', 'manual'], {
      stdout: (t) => (out += t),
      stderr: () => undefined,
      stopSignal,
    });
    for (let i = 0; i < 100 && !out.includes('listening'); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    const base = /listening (http:\/\/\S+)/.exec(out)![1]!;
    expect(out).toContain('manual progression');
    const states = async () =>
      (
        (await (await fetch(`${base}/ark/sessions/sesn-demo/tasks`)).json()) as { items: { state: string }[] }
      ).items.map((t) => t.state);
    const first = await states();
    expect(await states()).toEqual(first);
    expect(await states()).toEqual(first);
    expect((await fetch(`${base}/__mock/advance`, { method: 'POST', body: '{}' })).status).toBe(200);
    expect(await states()).not.toEqual(first);
    // The control API takes the same choice when it loads a scenario.
    expect(
      (
        await fetch(`${base}/__mock/scenario`, {
          method: 'POST',
          body: JSON.stringify({ name: 'jsonrpc-queued-canceled', progression: 'manual' }),
        })
      ).status,
    ).toBe(200);
    const state = (await (await fetch(`${base}/__mock/state`)).json()) as { scenario: { name: string } };
    expect(state.scenario.name).toBe('jsonrpc-queued-canceled');
    expect(
      (
        await fetch(`${base}/__mock/scenario`, {
          method: 'POST',
          body: JSON.stringify({ name: 'jsonrpc-queued-canceled', progression: 'sideways' }),
        })
      ).status,
    ).toBe(400);
    stop();
    expect(await running).toBe(0);
  });

  it.each([
    [
      ['mock', '--scenario', 'ark-unknown-comes-back', '--progression', 'sideways'],
      '--progression takes request, time or manual; got "sideways"',
    ],
    [
      ['mock', '--progression', 'manual'],
      '--progression and --step-ms change how a --scenario plays; give --scenario too',
    ],
    [['mock', '--scenario', 'ark-unknown-comes-back', '--step-ms', '0'], '--step-ms'],
  ])('bad flags exit 2 with a reason: %j', async (argv, reason) => {
    const { code, err } = await cli(...argv);
    expect(code).toBe(2);
    expect(err.split('\n')[0]).toContain(reason);
  });
});
