import type { ScenarioPlayer } from '../scenarios/player.js';
import { type Command, UsageError, parseInteger } from './command.js';

export const mockCommand: Command = {
  name: 'mock',
  summary: 'Serve the four APIs on their demo data at /praxis, /everruns, /ark, /jsonrpc (control API at /__mock).',
  usage: 'mock [--host 127.0.0.1] [--port 4010] [--seed S] [--fault RULE_ID]... [--latency MS] [--scenario NAME|FILE]',
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '4010' },
    seed: { type: 'string' },
    fault: { type: 'string', multiple: true },
    latency: { type: 'string' },
    scenario: { type: 'string' },
  },
  async run(values, io) {
    // Loaded here, not at the top: each command pays only for what it uses (start-up time).
    const [{ MockApp }, { DEMO }, { FAULTS, unknownFaults }, { startServer }] = await Promise.all([
      import('../handlers/app.js'),
      import('../handlers/dataset.js'),
      import('../handlers/faults.js'),
      import('../node/server.js'),
    ]);
    const port = parseInteger(values, 'port', 0, 65535) ?? 4010;
    const seed = parseInteger(values, 'seed', -(2 ** 31), 2 ** 31 - 1);
    const latencyMs = parseInteger(values, 'latency', 0, 60_000);
    const faults = (values.fault as string[] | undefined) ?? [];
    const unknown = unknownFaults(faults);
    if (unknown.length > 0) throw new UsageError(`unknown --fault ${unknown.join(', ')}; run \`agent-task-contracts mock --help\` and see docs/rules.md (known: ${FAULTS.length} ids)`);
    let scenario: ScenarioPlayer | undefined;
    if (typeof values.scenario === 'string') {
      const [{ readScenarioFile }, { compileScenario }, { LIBRARY }, { ScenarioPlayer }, { ScenarioError }] = await Promise.all([
        import('../node/scenario-file.js'),
        import('../scenarios/compile.js'),
        import('../scenarios/library.js'),
        import('../scenarios/player.js'),
        import('../scenarios/types.js'),
      ]);
      try {
        const timeline = values.scenario in LIBRARY ? compileScenario(LIBRARY[values.scenario], `scenarios/${values.scenario}.yaml`) : (await readScenarioFile(values.scenario)).timeline;
        scenario = await ScenarioPlayer.load(timeline);
      } catch (error) {
        if (error instanceof ScenarioError) throw new UsageError(`--scenario: ${error.message}`);
        throw error;
      }
    }
    const app = await MockApp.create({ seed, faults, latencyMs, scenario });
    let server;
    try {
      server = await startServer(app, { host: String(values.host), port });
    } catch (error) {
      io.stderr(`agent-task-contracts mock: cannot listen on ${String(values.host)}:${port}: ${(error as Error).message}; choose another --port\n`);
      return 2;
    }
    const u = server.url;
    io.stdout(
      [
        `listening ${u}`,
        `  praxis   ${u}/praxis/v1/sessions   ${u}/praxis/v1/sessions/${DEMO.praxis.session}/background_tasks`,
        `  everruns ${u}/everruns/v1/sessions/${DEMO.everruns.session}/tasks`,
        `  ark      ${u}/ark/sessions/${DEMO.ark.session}/tasks`,
        `  jsonrpc  ${u}/jsonrpc/tasks?session_id=${DEMO.jsonrpc.session}`,
        `  control  ${u}/__mock/state`,
        faults.length > 0 ? `  faults   ${faults.join(', ')}` : '',
        scenario ? `  scenario ${scenario.timeline.scenario.name} on ${scenario.face} (${scenario.lastStep + 1} steps, ${scenario.timeline.scenario.progression ?? 'request'} progression)` : '',
      ]
        .filter(Boolean)
        .join('\n') + '\n',
    );
    await io.stopSignal;
    await server.close();
    return 0;
  },
};
