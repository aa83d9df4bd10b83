/**
 * One control, one error: a refused call throws the same ControlError (status, words, details) in
 * process, over HTTP, and as the `/__mock` route answers it; the handles change the mock as its calls say.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers, MockApp } from '../../src/apis/mock-functions.js';
import { useScenario } from '../../src/entries/scenarios.js';
import { controlResponse } from '../../src/handlers/control.js';
import { ControlError, controlErrorOf } from '../../src/handlers/control-error.js';
import type { MockControl } from '../../src/handlers/mock-control.js';
import { connectMock, type RemoteMock } from '../../src/node/control.js';
import { type RunningServer, startServer } from '../../src/node/server.js';
import { scenarioLoader } from '../../src/scenarios/loader.js';

let server: RunningServer;
let remote: RemoteMock;
beforeAll(async () => {
  server = await startServer(await MockApp.create(), { host: '127.0.0.1', port: 0 });
  remote = await connectMock(server.url);
});
afterAll(() => server.close());

const thrown = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('typed control', () => {
  it('each refusal throws one ControlError, with the same status, words and details in process and over HTTP', async () => {
    const mock = createHandlers({ scenarios: scenarioLoader });
    const app = await mock.app();
    const cases: [string, (control: MockControl<string>) => Promise<unknown>, unknown][] = [
      ['/faults', (c) => c.setFaults(['ark.order-newest-frist' as never]), { faults: ['ark.order-newest-frist'] }],
      ['/latency', (c) => c.setLatency(-1), { ms: -1 }],
      ['/advance', (c) => c.advance(0), { steps: 0 }],
      ['/reseed', (c) => c.reseed(1.5), { seed: 1.5 }],
      ['/scenario', (c) => c.playScenario('no-such-scenario'), { name: 'no-such-scenario' }],
      [
        '/scenario',
        (c) => c.playScenario('ark-unknown-comes-back', { stepMs: 0 }),
        { name: 'ark-unknown-comes-back', stepMs: 0 },
      ],
      [
        '/tasks',
        (c) => c.addTasks('ark', 'sesn-x', [{ sate: 'running' }] as never),
        { api: 'ark', session: 'sesn-x', tasks: [{ sate: 'running' }] },
      ],
      [
        '/outages',
        (c) => c.setOutages([{ api: 'ark', status: 200 }] as never),
        { outages: [{ api: 'ark', status: 200 }] },
      ],
      ['/clock', (c) => c.clock.freeze('not a time'), { freeze: 'not a time' }],
      ['/clock', (c) => c.clock.speed(0), { speed: 0 }],
    ];
    for (const [path, call, body] of cases) {
      const answer = await controlResponse(app, 'POST', path, body);
      const { error, ...details } = answer.body as { error: string };
      for (const [surface, control] of [
        ['in process', mock],
        ['over HTTP', remote],
      ] as const) {
        const refused = await thrown(call(control as MockControl<string>));
        expect(refused, `${surface} ${path}`).toBeInstanceOf(ControlError);
        expect({ ...(refused as ControlError) }, `${surface} ${path}`).toMatchObject({
          status: answer.status,
          details,
        });
        expect((refused as ControlError).message, `${surface} ${path}`).toBe(error);
      }
    }
    expect(await app.state()).toMatchObject({ faults: [], latencyMs: 0, scenario: null });
  });

  it('an answer that is not the mock’s (a proxy’s page) is a ControlError naming the request and its status', () => {
    const refused = controlErrorOf(502, '<html>Bad Gateway</html>', 'POST /__mock/faults');
    expect(refused).toBeInstanceOf(ControlError);
    expect(refused).toMatchObject({
      status: 502,
      message: 'POST /__mock/faults answered 502: <html>Bad Gateway</html>',
    });
  });

  it('setFaults, setLatency, playScenario and stopScenario change the mock as the HTTP calls do', async () => {
    const mock = useScenario('ark-unknown-comes-back');
    const app = await mock.app();
    await mock.setFaults(['ark.order-newest-first']);
    await mock.setLatency(5);
    await mock.playScenario('jsonrpc-queued-canceled', { progression: 'manual' });
    expect(await app.state()).toMatchObject({
      faults: ['ark.order-newest-first'],
      latencyMs: 5,
      scenario: { name: 'jsonrpc-queued-canceled', api: 'jsonrpc' },
    });
    await mock.advance(1);
    await mock.stopScenario();
    expect((await app.state()).scenario).toBeNull();
    // reset goes back to how the handlers were created: their scenario at step 0, no faults, no latency.
    await mock.reset();
    expect(await app.state()).toMatchObject({ faults: [], latencyMs: 0, scenario: { name: 'ark-unknown-comes-back' } });
  });

  it('a task a rule refuses names the value once', async () => {
    const mock = createHandlers();
    const error = await mock
      .addTasks('praxis', 'sesn_x', [{ status: 'running', ended_at: '2026-11-30T09:00:00Z' }])
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      );
    expect(error?.message).toContain('"2026-11-30T09:00:00Z"');
    expect(error?.message.split('"2026-11-30T09:00:00Z"')).toHaveLength(2);
  });
});
