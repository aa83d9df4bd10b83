/** The typed control methods in process: they do what the HTTP control API does and refuse with its words. */
import { describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/apis/mock-functions.js';
import { useScenario } from '../../src/entries/scenarios.js';
import { ControlError } from '../../src/handlers/control-error.js';

describe('typed control in process', () => {
  it('each refusal throws a ControlError with the status and the words the HTTP API answers with', async () => {
    const mock = createHandlers({ scenarios: (await import('../../src/scenarios/loader.js')).scenarioLoader });
    const app = await mock.app();
    const cases: [() => Promise<unknown>, string, unknown][] = [
      [
        () => mock.setFaults(['ark.order-newest-frist' as 'ark.order-newest-first']),
        '/faults',
        { faults: ['ark.order-newest-frist'] },
      ],
      [() => mock.setLatency(-1), '/latency', { ms: -1 }],
      [() => mock.advance(0), '/advance', { steps: 0 }],
      [() => mock.playScenario('no-such-scenario'), '/scenario', { name: 'no-such-scenario' }],
      [
        () => mock.playScenario('ark-unknown-comes-back', { stepMs: 0 }),
        '/scenario',
        { name: 'ark-unknown-comes-back', stepMs: 0 },
      ],
    ];
    for (const [call, path, body] of cases) {
      const over = await app.controlResponse('POST', path, body);
      const thrown = await call().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(thrown, path).toBeInstanceOf(ControlError);
      expect((thrown as ControlError).status).toBe(over.status);
      expect((thrown as ControlError).message).toBe((over.body as { error: string }).error);
      await expect(app.control('POST', path, body)).rejects.toThrow((over.body as { error: string }).error);
    }
    expect(app.state()).toMatchObject({ faults: [], latencyMs: 0, scenario: null });
  });

  it('setFaults, setLatency, playScenario and stopScenario change the mock as the HTTP calls do', async () => {
    const mock = useScenario('ark-unknown-comes-back');
    const app = await mock.app();
    await mock.setFaults(['ark.order-newest-first']);
    await mock.setLatency(5);
    await mock.playScenario('jsonrpc-queued-canceled', { progression: 'manual' });
    expect(app.state()).toMatchObject({
      faults: ['ark.order-newest-first'],
      latencyMs: 5,
      scenario: { name: 'jsonrpc-queued-canceled', api: 'jsonrpc' },
    });
    await mock.advance(1);
    await mock.stopScenario();
    expect(app.state().scenario).toBeNull();
    // reset goes back to how the handlers were created: their scenario at step 0, no faults, no latency.
    await mock.reset();
    expect(app.state()).toMatchObject({ faults: [], latencyMs: 0, scenario: { name: 'ark-unknown-comes-back' } });
  });

  it('a seed a rule refuses names the value once', async () => {
    const mock = createHandlers();
    const error = await mock.seed('praxis', 'sesn_x', [{ status: 'running', ended_at: '2026-11-30T09:00:00Z' }]).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toContain('"2026-11-30T09:00:00Z"');
    expect(error?.message.split('"2026-11-30T09:00:00Z"')).toHaveLength(2);
  });
});
