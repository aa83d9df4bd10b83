import { existsSync } from 'node:fs';
import type { ApiContract } from '../contract/api.js';
import { jsonRpcBinding } from '../contract/json-rpc.js';
import { optional } from '../contract/optional.js';
import type { ApiName } from '../contract/registry.js';
import { pathWithSession } from '../contract/session-param.js';
import { DEFAULT_SEED } from '../handlers/demo.js';
import type { FaultId } from '../handlers/faults/index.js';
import type { ScenarioPlayer } from '../scenarios/player.js';
import { apiFilesFlag, loadApiFiles, mockApiFiles } from './api-file.js';
import { type Command, parseInteger, UsageError } from './command.js';

export const mockCommand: Command = {
  name: 'mock',
  summary:
    'Serve the seven APIs on their demo data at /praxis, /everruns, /ark, /jsonrpc, /langgraph, /a2a, /mcp, and each ' +
    '--api module at /NAME ' +
    '(control API at /__mock).',
  usage: [
    'mock [--host 127.0.0.1] [--port 4010] [--api FILE]... [--seed S] [--tasks N | --tasks API=N ...]',
    '[--fault RULE_ID]... [--latency MS]',
    '[--scenario NAME|FILE [--progression request|time|manual] [--step-ms MS]]',
    '[--cors true|false] [--control-origin URL]...',
  ].join(' '),
  options: {
    host: { type: 'string', default: '127.0.0.1', value: 'HOST', help: 'The address to listen on.' },
    port: { type: 'string', default: '4010', value: 'PORT', help: 'The port to listen on (0: any free port).' },
    api: { ...apiFilesFlag, help: `${apiFilesFlag.help} Each is served at /NAME beside the built-in APIs.` },
    seed: { type: 'string', value: 'S', help: 'Another deterministic demo dataset.', otherwise: String(DEFAULT_SEED) },
    fault: {
      type: 'string',
      multiple: true,
      value: 'RULE_ID',
      help: 'Break this rule or law (docs/laws.md says what each changes; RULE_ID:every breaks every object).',
      otherwise: 'none',
    },
    latency: { type: 'string', value: 'MS', help: 'A network delay before every response.', otherwise: '0' },
    scenario: {
      type: 'string',
      value: 'NAME|FILE',
      help: 'Play a library scenario or a scenario file instead of the demo data.',
      otherwise: 'none',
    },
    progression: {
      type: 'string',
      value: 'request|time|manual',
      help: 'How the --scenario moves: per poll, on the clock, or on POST /__mock/advance.',
      otherwise: "the scenario's own, else request",
    },
    'step-ms': {
      type: 'string',
      value: 'MS',
      help: 'Step length of a time --progression.',
      otherwise: "the scenario's own, else 1000",
    },
    tasks: {
      type: 'string',
      multiple: true,
      value: 'N|API=N',
      help: "Tasks in every API's (or one API's) demo session, every demo state present.",
      otherwise: 'the demo dataset',
    },
    cors: {
      type: 'string',
      value: 'true|false',
      help: 'Answer preflights and echo the Origin on API requests.',
      otherwise: 'true',
    },
    'control-origin': {
      type: 'string',
      multiple: true,
      value: 'URL',
      help: 'A web origin allowed to drive /__mock/* (requests without an Origin always are).',
      otherwise: "only the mock's own origin",
    },
  },
  async run(values, io) {
    // Loaded here, not at the top: each command pays only for what it uses (start-up time).
    const [{ MockApp }, { demoApiNames, mockOf }, { describeUnknownFaults }, { startServer }] = await Promise.all([
      import('../handlers/app.js'),
      import('../handlers/apis.js'),
      import('../handlers/faults/index.js'),
      import('../node/server.js'),
    ]);
    // First: the faults, scenarios and added tasks below may name a loaded API.
    const { apis, loaded } = await loadApiFiles(mockApiFiles(values.api as string[] | undefined));
    const port = parseInteger(values, 'port', 0, 65535) ?? 4010;
    const seed = parseInteger(values, 'seed', -(2 ** 31), 2 ** 31 - 1);
    const latencyMs = parseInteger(values, 'latency', 0, 60_000);
    const faults = (values.fault as string[] | undefined) ?? [];
    const unknown = describeUnknownFaults(faults, apis);
    if (unknown) throw new UsageError(`--fault: ${unknown}`);
    let scenario: ScenarioPlayer | undefined;
    const progression = values.progression;
    if (progression !== undefined && !['request', 'time', 'manual'].includes(String(progression)))
      throw new UsageError(`--progression takes request, time or manual; got "${String(progression)}"`);
    const stepMs = parseInteger(values, 'step-ms', 1, 86_400_000);
    if ((progression !== undefined || stepMs !== undefined) && typeof values.scenario !== 'string')
      throw new UsageError('--progression and --step-ms change how a --scenario plays; give --scenario too');
    if (typeof values.scenario === 'string') {
      const [
        { readScenarioFile },
        { compileScenario },
        { LIBRARY, isScenarioName, unknownScenario },
        { ScenarioPlayer },
        { ScenarioError },
      ] = await Promise.all([
        import('../node/scenario-file.js'),
        import('../scenarios/compile.js'),
        import('../scenarios/library.js'),
        import('../scenarios/player.js'),
        import('../scenarios/error.js'),
      ]);
      try {
        const named = isScenarioName(values.scenario);
        // A bare word that is no file was meant as a library name: say which, not ENOENT.
        if (!named && !/[./\\]/.test(values.scenario) && !existsSync(values.scenario))
          throw new UsageError(`--scenario: ${unknownScenario(values.scenario)}; or give a scenario file's path`);
        const base = named
          ? LIBRARY[values.scenario as keyof typeof LIBRARY]
          : (await readScenarioFile(values.scenario, apis)).scenario;
        // Manual progression moves only on POST /__mock/advance: immune to extra polls (React StrictMode).
        const value = {
          ...base,
          ...(progression !== undefined ? { progression: progression as 'request' | 'time' | 'manual' } : {}),
          ...optional('stepMs', stepMs),
        };
        scenario = await ScenarioPlayer.load(
          compileScenario(value, named ? `scenarios/${values.scenario}.yaml` : values.scenario, apis),
          apis,
        );
      } catch (error) {
        if (error instanceof ScenarioError) throw new UsageError(`--scenario: ${error.message}`);
        throw error;
      }
    }
    const sessionTasks = parseTasks(values.tasks as string[] | undefined, demoApiNames(apis));
    const cors =
      values.cors === undefined ? true : values.cors === 'true' ? true : values.cors === 'false' ? false : undefined;
    if (cors === undefined) throw new UsageError(`--cors takes true or false; got "${String(values.cors)}"`);
    const controlOrigins = (values['control-origin'] as string[] | undefined) ?? [];
    for (const origin of controlOrigins)
      if (!/^https?:\/\/[^/\s]+\/?$/i.test(origin.trim()))
        throw new UsageError(
          `--control-origin takes an origin (scheme, host and port), e.g. http://localhost:5173; got "${origin}"`,
        );
    const app = await MockApp.create({
      apis,
      seed,
      faults: faults as FaultId[],
      latencyMs,
      scenario,
      ...(sessionTasks ? { sessionTasks } : {}),
    });
    let server: Awaited<ReturnType<typeof startServer>>;
    try {
      server = await startServer(app, { host: String(values.host), port, cors, controlOrigins });
    } catch (error) {
      const address = `${String(values.host)}:${port}`;
      io.stderr(
        `agent-task-contracts mock: cannot listen on ${address}: ${(error as Error).message}; choose another --port\n`,
      );
      return 2;
    }
    const u = server.url;
    // One column for the URLs, as wide as the longest API name.
    const width = Math.max('scenario'.length, ...[...demoApiNames(apis), ...loaded].map((api) => api.length));
    const row = (label: string, text: string) => `  ${label.padEnd(width)} ${text}`;
    io.stdout(
      `${[
        `listening ${u}`,
        ...demoApiNames(apis).map((api) =>
          row(api, demoUrls(u, apis.contractOf(api), mockOf(api, apis).demo!.session).join('   ')),
        ),
        ...loaded.map((api) =>
          row(
            api,
            `${demoUrls(u, apis.contractOf(api)).join('   ')} ` +
              '(loaded with --api; no demo data: POST /__mock/tasks puts tasks in a session)',
          ),
        ),
        row('control', `${u}/__mock/state`),
        row('page', `${u}/__mock/ (the control page: sessions, clock, faults, outages, scenarios)`),
        faults.length > 0 ? row('faults', faults.join(', ')) : '',
        sessionTasks
          ? row(
              'tasks',
              `${Object.entries(sessionTasks)
                .map(([api, n]) => `${api} ${grouped(n ?? 0)}`)
                .join(', ')} in the demo session`,
            )
          : '',
        scenario ? row('scenario', describeScenario(scenario)) : '',
      ]
        .filter(Boolean)
        .join('\n')}\n`,
    );
    await io.stopSignal;
    await server.close();
    return 0;
  },
};

/** `NAME on API (N steps, P progression)`: the start-up line of a playing scenario. */
function describeScenario(player: ScenarioPlayer): string {
  const { name, progression } = player.timeline.scenario;
  return `${name} on ${player.api} (${player.lastStep + 1} steps, ${progression ?? 'request'} progression)`;
}

const MAX_SESSION_TASKS = 10_000_000;

/** `--tasks N` (every API's demo session) or `--tasks API=N` (repeatable). */
function parseTasks(
  values: readonly string[] | undefined,
  demoApis: readonly ApiName[],
): Partial<Record<ApiName, number>> | undefined {
  if (!values || values.length === 0) return undefined;
  const out: Partial<Record<ApiName, number>> = {};
  for (const value of values) {
    const [, api, count] = /^(?:([a-z][a-z0-9-]*)=)?(\d+)$/.exec(value.trim()) ?? [];
    // Only the built-in APIs have demo sessions to grow (an --api module's API has no demo data).
    const demoApi = api === undefined || demoApis.includes(api);
    if (count === undefined || !demoApi || Number(count) > MAX_SESSION_TASKS)
      throw new UsageError(
        "--tasks takes a count (every API's demo session) or API=COUNT " +
          `with API one of ${demoApis.join(', ')} and COUNT at most ${MAX_SESSION_TASKS}; got "${value}"`,
      );
    for (const f of api ? [api as ApiName] : demoApis) out[f] = Number(count);
  }
  return out;
}

/**
 * The URL of each of an API's lists on the demo data: its session in the path or in the query;
 * without a session (an API with no demo data), the session's place as the operation names it.
 */
function demoUrls(base: string, contract: ApiContract, session?: string): string[] {
  return contract.operations.map((op) => {
    const path = `${base}/${contract.api}${session === undefined ? op.path : pathWithSession(op, session)}`;
    // A JSON-RPC method is a POST of a call, its params (the session among them) in the body.
    const rpc = jsonRpcBinding(op);
    if (rpc) return `${path} (POST ${rpc.method})`;
    return op.session.in === 'query' ? `${path}?${op.session.param}=${session ?? `{${op.session.param}}`}` : path;
  });
}

/**
 * `1,000,000`: toLocaleString's first call loads the ICU number formats (50–150 ms), which the
 * first request would wait for, as the line is printed once the server listens.
 */
function grouped(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
