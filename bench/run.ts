/**
 * `npm run bench`: start-up of `npm start` beside a plain node:http script, generator throughput
 * against json-schema-faker and `generate --count 100000` as a whole process per API and object,
 * the mock's throughput on distinct and repeated URLs beside a plain node:http ceiling, the mock answering
 * JSON-RPC POSTs (A2A ListTasks, MCP tasks/list) beside a plain node:http JSON-RPC server, page latency,
 * memory and start-up with 1k, 100k and 1M tasks in the queried session, a conformance run at a remote API's
 * latency, its shards beside it, and conform against the protocols' official servers. Writes
 * bench/RESULTS.md with the machine and the date. BENCH_ONLY=startup,generators,throughput,json-rpc-post,
 * scale,conformance,shards,protocols (any of them) runs some sections and leaves RESULTS.md as it is.
 */

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, freemem, loadavg, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import fc from 'fast-check';
import { generate, generateSync } from 'json-schema-faker';
import { builtinApis } from '../src/apis/builtin-set.js';
import { BUILTIN_API_NAMES } from '../src/apis/index.js';
import { jsonrpcStatuses } from '../src/apis/jsonrpc/behaviour.js';
import { DEMO_SESSIONS } from '../src/apis/mocks.js';
import type { ConformanceOptions, ConformanceResult } from '../src/conformance/types.js';
import { componentOf, componentsOf, fieldValue, operationsOf } from '../src/contract/operations.js';
import type { JsonObject, RuleTarget } from '../src/contract/rules/types.js';
import { schemaBundle } from '../src/contract/schema.js';
import { drawObjects, validObject } from '../src/entries/generators.js';
import { drawLines } from '../src/generators/lines.js';
import { idsAt } from '../src/generators/nested-ids.js';
import { generatorsOf } from '../src/generators/profiles.js';
import { pad } from '../src/handlers/demo.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const BENCH_STARTED = new Date();
const lines: string[] = [];
const log = (line = '') => {
  console.log(line);
  lines.push(line);
};
const round = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(2));
/** Each run's milliseconds as seconds, in the order they ran: `1.41, 1.39, 2.04 s`. */
const seconds = (runs: readonly number[]) => `${runs.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s`;

function perSecond(fn: () => void, minMs = 1500): number {
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < minMs) {
    fn();
    n++;
  }
  return (n / (performance.now() - start)) * 1000;
}

// ---- generators ----------------------------------------------------------------------------
let praxis = { ours: 0, ratio: 0 };

async function generators() {
  log('## Generators: valid tasks per second');
  log('');
  log('Each value passes the strict schema and every rule of its API. json-schema-faker 0.6.3 gets the same');
  log('item schema (it satisfies the schema only, not the rules).');
  log('');
  log(
    '| API | agent-task-contracts (valid + rules) | json-schema-faker `generate` (documented, async) | ratio | json-schema-faker `generateSync` | ratio |',
  );
  log('|---|---|---|---|---|---|');
  for (const api of BUILTIN_API_NAMES) {
    const arb = validObject(api, 'task', { apis: builtinApis() });
    const batch = 1000;
    let seed = 1;
    const ours = perSecond(() => fc.sample(arb, { seed: seed++, numRuns: batch })) * batch;
    const bundle = schemaBundle(api, 'strict', builtinApis());
    const schema = { ...bundle, $ref: `#/$defs/${componentOf(api, 'task', builtinApis())}` };
    const jsfSync = perSecond(() => generateSync(schema as never, { seed: seed++ } as never), 1500);
    let n = 0;
    const start = performance.now();
    while (performance.now() - start < 1500) {
      await generate(schema as never, { seed: seed++ } as never);
      n++;
    }
    const jsfAsync = (n / (performance.now() - start)) * 1000;
    log(
      `| ${api} | ${round(ours)}/s | ${round(jsfAsync)}/s | ${round(ours / jsfAsync)}x | ${round(jsfSync)}/s | ${round(ours / jsfSync)}x |`,
    );
    if (api === 'praxis') praxis = { ours, ratio: ours / jsfAsync };
  }
  log('');
  log(
    `Goals: at least 50,000 valid Praxis tasks/s — ${praxis.ours >= 50_000 ? 'met' : 'not met'} (${round(praxis.ours)}/s); at least 20x json-schema-faker — ${praxis.ratio >= 20 ? 'met' : 'not met'} (${round(praxis.ratio)}x).`,
  );
  log(
    'json-schema-faker measures several times faster here than the ~2,200 items/s of the shared notes, and it checks no rule.',
  );
  log('');
  await wholeGenerate();
}

/** Every object `generate` writes, as `--what` names it. */
const GENERATED = BUILTIN_API_NAMES.flatMap((api) =>
  Object.keys(componentsOf(api, builtinApis())).map((what) => ({ api, what: what as RuleTarget })),
);

/** `generate --count 100000` as users run it: a whole process (the bundle), NDJSON to a file. */
async function wholeGenerate() {
  const count = 100_000;
  buildUnlessStartupRuns();
  log(`## Generators: \`generate --count ${count.toLocaleString('en-US')}\`, whole process`);
  log('');
  const loadBefore = machineLoad();
  log(
    `Wall time of \`node bin/agent-task-contracts.js generate --api F --what W --count ${count.toLocaleString('en-US')}\` (the bundle), from spawn to exit, node start-up and writing the NDJSON to a file included; median of 3, objects per second (each run's seconds in brackets; the three runs go round the objects, run 1 of each, then run 2 of each), with the default threads (${availableParallelism() >= 2 ? 'two on this machine' : 'one on this machine'}, for objects whose blocks can be drawn apart: see README, generate), and beside it the same command with \`--threads 1\` (the same lines), in the same rounds. The baseline beside it, same run: a plain node script (no project code) that writes as many bytes to a file in 64 kB writes, from spawn to exit (median of 3): node's start-up and the writing alone, the floor of any generator. Then, in this process: the lines \`generate\` writes (\`drawLines\`, nothing written), the same objects as values (\`drawObjects\`, each serialised) and fast-check sampling \`validObject\` (the arbitraries property tests use), 20,000 each. The last columns count the distinct ids of the written objects and of the ids inside them that the API's generator profile names (\`nestedIds\`).`,
  );
  log('');
  log(
    '| API | object | whole process (default threads) | the same on one thread (`--threads 1`) | baseline: plain node writing the same bytes | million characters written | in process: `drawLines` | in process: `drawObjects` + JSON | in process: `fc.sample(validObject)` + JSON | distinct ids | distinct nested ids |',
  );
  log('|---|---|---|---|---|---|---|---|---|---|---|');
  // Every timed process first, while this process is idle: parsing 200 MB of output here leaves its
  // garbage collector busy on the other core for seconds. The runs go round the objects (run 1 of
  // each, then run 2 of each), so a slow minute of the shared machine falls on every object alike.
  const timed = GENERATED.map(({ api, what }) => ({
    api,
    what,
    out: join(tmpdir(), `atc-generate-${process.pid}-${api}-${what}.ndjson`),
    times: [] as number[],
    oneThread: [] as number[],
    floor: [] as number[],
  }));
  for (let run = 0; run < 3; run++)
    for (const { api, what, out, times, oneThread } of timed)
      for (const threads of [[], ['--threads', '1']]) {
        const fd = openSync(out, 'w');
        const started = performance.now();
        execFileSync(
          'node',
          [
            BIN,
            'generate',
            '--api',
            api,
            '--what',
            what,
            '--count',
            String(count),
            '--seed',
            String(run + 1),
            ...threads,
          ],
          { cwd: root, stdio: ['ignore', fd, 'inherit'] },
        );
        (threads.length === 0 ? times : oneThread).push(performance.now() - started);
        closeSync(fd);
      }
  // The floor: node starts and writes as many bytes to a file, 64 kB at a time, making nothing.
  const script =
    "const fs=require('fs');const n=Number(process.argv[1]);const b=Buffer.alloc(65536,120);" +
    "const fd=fs.openSync(process.argv[2],'w');for(let i=0;i<n;i+=65536)fs.writeSync(fd,b,0,Math.min(65536,n-i));";
  for (let run = 0; run < 3; run++)
    for (const { out, floor } of timed) {
      const copy = `${out}.floor`;
      rmSync(copy, { force: true });
      const started = performance.now();
      execFileSync('node', ['-e', script, String(statSync(out).size), copy], { stdio: 'ignore' });
      floor.push(performance.now() - started);
      rmSync(copy, { force: true });
    }
  const results: number[] = [];
  for (const { api, what, out, times, oneThread, floor } of timed) {
    const text = readFileSync(out, 'utf8');
    rmSync(out, { force: true });
    const idField = operationsOf(api, builtinApis()).find((op) => op.target === what)?.idField;
    const lines = text.trimEnd().split('\n');
    const values = lines.map((l) => JSON.parse(l) as JsonObject);
    const ids = idField ? new Set(values.map((v) => fieldValue(v, idField))).size : undefined;
    // The ids inside the objects (a tool call's, an ask's): how many, how many distinct.
    const nested = (generatorsOf(api, builtinApis()).nestedIds?.[what] ?? []).map((path) => {
      const all = values.flatMap((v) => idsAt(v, path));
      return `\`${path}\` ${new Set(all).size.toLocaleString('en-US')} of ${all.length.toLocaleString('en-US')}`;
    });
    const whole = (count / median(times)) * 1000;
    results.push(whole);
    const n = 20_000;
    let t = performance.now();
    for (const line of drawLines(api, what, { count: n, seed: 9, apis: builtinApis() })) line.length;
    const written = (n / (performance.now() - t)) * 1000;
    t = performance.now();
    for (const value of drawObjects(api, what, { count: n, seed: 9, apis: builtinApis() })) JSON.stringify(value);
    const drawn = (n / (performance.now() - t)) * 1000;
    t = performance.now();
    for (const value of fc.sample(validObject(api, what, { apis: builtinApis() }), { seed: 9, numRuns: n }))
      JSON.stringify(value);
    const sampled = (n / (performance.now() - t)) * 1000;
    log(
      `| ${api} | ${what} | **${round(whole)}/s** (${seconds(times)}) | ${round((count / median(oneThread)) * 1000)}/s (${seconds(oneThread)}) | ${round((count / median(floor)) * 1000)}/s | ${(text.length / 1e6).toFixed(1)} | ${round(written)}/s | ${round(drawn)}/s | ${round(sampled)}/s | ${ids === undefined ? '– (no id)' : `${ids.toLocaleString('en-US')} of ${lines.length.toLocaleString('en-US')}`} | ${nested.join('; ') || '–'} |`,
    );
  }
  log('');
  const slowest = Math.min(...results);
  log(
    `Goal: at least 100,000 objects/s for every API and object, whole process — ${slowest >= 100_000 ? 'met' : 'not met'} (slowest ${round(slowest)}/s).`,
  );
  log('');
  // The machine is shared: a loaded one moves these figures by a factor of two or more.
  log(`Machine load (1, 5, 15 min averages) when the section started: ${loadBefore}; when it ended: ${machineLoad()}.`);
  log('');
}

// ---- processes ----------------------------------------------------------------------------------
const BIN = join(root, 'bin/agent-task-contracts.js');
// On two or more cores, servers run on core 0 and this process (the load generator) on core 1,
// so a server's figure is its own, not the share of a core it wins from the client.
const PIN = cpus().length >= 2 && existsSync('/usr/bin/taskset');
const PINNING = PIN
  ? 'servers pinned to core 0; for the throughput, JSON-RPC POST and scale sections, the load generator (this process) pinned to core 1; the generators section runs unpinned'
  : 'no core pinning (taskset or a second core missing)';
/** Moves this process (the load generator) to core 1, once the in-process sections are done. */
function pinLoadGenerator(): void {
  if (PIN) execFileSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The bundle as `npm ci` leaves it: the startup section builds it; a run without it builds it here (a stale one runs tsx). */
function buildUnlessStartupRuns(): void {
  if (only && !only.includes('startup'))
    execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'ignore' });
}

/** A plain node:http server with no project import and no loader: fixed bytes for every request. */
async function rawServerScript(body: string): Promise<string> {
  const file = join(tmpdir(), `atc-raw-${process.pid}.mjs`);
  await writeFile(
    file,
    `import { createServer } from 'node:http';\nconst body = Buffer.from(${JSON.stringify(body)});\ncreateServer((q, r) => { r.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }); r.end(body); }).listen(Number(process.argv[2]), '127.0.0.1');\n`,
  );
  return file;
}

/** Spawns a server and waits for its first 200 at `probe`; returns the process and the time it took. */
async function spawnUntil200(
  command: string,
  args: string[],
  probe: string,
  timeoutMs = 600_000,
): Promise<{ child: ChildProcess; ms: number }> {
  const started = performance.now();
  const child = PIN
    ? spawn('taskset', ['-c', '0', command, ...args], { cwd: root, stdio: 'ignore', detached: true })
    : spawn(command, args, { cwd: root, stdio: 'ignore', detached: true });
  for (;;) {
    try {
      const res = await fetch(probe);
      if (res.status === 200) return { child, ms: performance.now() - started };
    } catch {
      await sleep(2);
    }
    if (performance.now() - started > timeoutMs) throw new Error(`no 200 from ${probe} within ${timeoutMs} ms`);
  }
}

/** The standalone mock (the bundle) on a port, once it answers its first 200. */
const spawnMock = (port: number) =>
  spawnUntil200(
    process.execPath,
    [BIN, 'mock', '--port', String(port)],
    `http://127.0.0.1:${port}/ark/sessions/sesn-demo/tasks`,
  );

async function stop(child: ChildProcess): Promise<void> {
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    child.kill();
  }
  await sleep(150);
}

/** Resident memory now and at its peak (VmRSS, VmHWM), in MB. */
async function residentMb(pid: number): Promise<{ now: number; peak: number }> {
  const status = await import('node:fs/promises').then((fs) => fs.readFile(`/proc/${pid}/status`, 'utf8'));
  const mb = (field: string) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  return { now: mb('VmRSS'), peak: mb('VmHWM') };
}
const rssMb = async (pid: number) => (await residentMb(pid)).now;

const median = (runs: number[]) => [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
const spread = (runs: number[]) => `${Math.round(Math.min(...runs))}–${Math.round(Math.max(...runs))}`;

// ---- start-up -----------------------------------------------------------------------------------
let startupMedian = 0;
async function startup() {
  log('## Start-up to first 200 (cold process, demo data)');
  log('');
  // What `npm ci` leaves (its prepare script builds the bundle): a checkout edited since its last
  // build would otherwise time the tsx fallback, which is not what users run.
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'ignore' });
  await fetch('http://127.0.0.1:4619/').catch(() => undefined); // warm the measuring side
  const raw = await rawServerScript('{}');
  const runs = { raw: [] as number[], npm: [] as number[], bin: [] as number[] };
  // A B C A B C…: drift in the machine's load spreads over all three.
  for (let i = 0; i < 9; i++) {
    const port = 4630 + i * 3;
    for (const [kind, command, args, probe] of [
      ['raw', process.execPath, [raw, String(port)], `http://127.0.0.1:${port}/`],
      [
        'npm',
        'npm',
        ['start', '--silent', '--', '--port', String(port + 1)],
        `http://127.0.0.1:${port + 1}/ark/sessions/sesn-demo/tasks`,
      ],
      [
        'bin',
        process.execPath,
        [BIN, 'mock', '--port', String(port + 2)],
        `http://127.0.0.1:${port + 2}/ark/sessions/sesn-demo/tasks`,
      ],
    ] as const) {
      const { child, ms } = await spawnUntil200(command, [...args], probe);
      runs[kind].push(ms);
      await stop(child);
    }
  }
  startupMedian = median(runs.npm);
  log('| process | what runs | median of 9 | spread (ms) |');
  log('|---|---|---|---|');
  log(
    `| plain \`node:http\` script (no project code, no loader): Node's own start-up | \`node raw.mjs\` | ${Math.round(median(runs.raw))} ms | ${spread(runs.raw)} |`,
  );
  log(
    `| **\`npm start\`** (npm, then the bin, then the bundle built by \`npm ci\`) | what users run | **${Math.round(startupMedian)} ms** | ${spread(runs.npm)} |`,
  );
  log(
    `| \`node bin/agent-task-contracts.js mock\` (the bundle, without npm) | the installed bin | ${Math.round(median(runs.bin))} ms | ${spread(runs.bin)} |`,
  );
  log('');
  log(
    `Goal: \`npm start\` answers its first 200 within 400 ms — ${startupMedian < 400 ? 'met' : 'not met'}. The bundle is built first, as \`npm ci\` builds it. Runs alternate raw, npm start, bin. A checkout whose sources changed after the build runs them through tsx instead (about 2 s).`,
  );
  log('');
}

// ---- throughput ---------------------------------------------------------------------------------
const ARK_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled', 'unknown'];
/** 6,300 distinct Ark list URLs: limit 1–100 × every non-empty subset of the states. */
const DISTINCT = Array.from({ length: 100 }, (_, l) =>
  Array.from(
    { length: 63 },
    (_, m) =>
      `/ark/sessions/sesn-demo/tasks?limit=${l + 1}&state=${ARK_STATES.filter((_, i) => (m + 1) & (1 << i)).join(',')}`,
  ),
).flat();

async function load(url: string, seconds: number, distinct: boolean) {
  let i = 0;
  const result = await autocannon({
    url,
    connections: 10,
    duration: seconds,
    ...(distinct
      ? { requests: [{ setupRequest: (req: object) => ({ ...req, path: DISTINCT[i++ % DISTINCT.length] }) }] }
      : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function throughput() {
  pinLoadGenerator();
  const seconds = 5;
  log(`## Throughput (autocannon in this process, 10 connections, ${seconds} s per run, loopback)`);
  log('');
  const mock = await spawnMock(4610);
  const pageUrl = 'http://127.0.0.1:4610/ark/sessions/sesn-demo/tasks?limit=20';
  const page = await (await fetch(pageUrl)).text();
  const raw = await spawnUntil200(process.execPath, [await rawServerScript(page), '4611'], 'http://127.0.0.1:4611/');
  const runs = { raw: [] as number[], distinct: [] as number[], rawPlain: [] as number[], repeated: [] as number[] };
  await load('http://127.0.0.1:4611/', 1, true);
  await load(pageUrl, 1, true);
  // Each mock figure is compared with the raw server under the same client: the distinct-URL
  // client rewrites every request (it costs the load generator too), the plain one does not.
  for (let round = 0; round < 3; round++) {
    runs.raw.push((await load('http://127.0.0.1:4611/', seconds, true)).rps);
    runs.distinct.push((await load('http://127.0.0.1:4610/', seconds, true)).rps);
    runs.rawPlain.push((await load('http://127.0.0.1:4611/', seconds, false)).rps);
    runs.repeated.push((await load(pageUrl, seconds, false)).rps);
  }
  const mockRss = await rssMb(mock.child.pid!);
  await stop(raw.child);
  await stop(mock.child);
  const distinctRatio = median(runs.distinct) / median(runs.raw);
  const repeatedRatio = median(runs.repeated) / median(runs.rawPlain);
  log('| server and URLs | cache | median req/s | runs |');
  log('|---|---|---|---|');
  log(
    `| plain \`node:http\` script, fixed ${page.length.toLocaleString('en-US')}-byte body (a 20-item Ark page), no project code; distinct-URL client | – | ${round(median(runs.raw))} | ${runs.raw.map(round).join(', ')} |`,
  );
  log(
    `| mock (bundle), 6,300 distinct Ark URLs (limit 1–100 × state subsets), demo session of 48 tasks | out of play: an index page is cached only when its URL comes back within 500 requests; each of these comes back after 6,300 | ${round(median(runs.distinct))} | ${runs.distinct.map(round).join(', ')} |`,
  );
  log(
    `| plain \`node:http\` script, same body; plain client | – | ${round(median(runs.rawPlain))} | ${runs.rawPlain.map(round).join(', ')} |`,
  );
  log(
    `| mock (bundle), one repeated URL (\`?limit=20\`); plain client | hit | ${round(median(runs.repeated))} | ${runs.repeated.map(round).join(', ')} |`,
  );
  log('');
  log(
    `Distinct URLs / raw: **${(distinctRatio * 100).toFixed(0)}%** (goal ≥ 50% — ${distinctRatio >= 0.5 ? 'met' : 'not met'}); repeated URL / raw: **${(repeatedRatio * 100).toFixed(0)}%** (goal ≥ 75% — ${repeatedRatio >= 0.75 ? 'met' : 'not met'}). Rounds alternate raw, distinct, raw, repeated; each ratio compares runs under the same client. Mock RSS after load: ${mockRss} MB. `,
  );
  log('');
}

// ---- JSON-RPC POSTs -----------------------------------------------------------------------------
/** One JSON-RPC call as a client sends it to the standalone mock, and what a plain server checks of it. */
interface RpcCall {
  /** The protocol's call, for the sentence under the table. */
  name: string;
  label: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  method: string;
  /** The header the call cannot go without (lower case): the protocol version, the session. */
  required: string;
  /** Answers come as one event of an event stream (MCP's Streamable HTTP), not as a JSON body. */
  eventStream: boolean;
}

/** Every answer that is the call's result (id 1), not an error, starts with this: the load run counts the rest. */
const resultPrefix = (call: RpcCall) =>
  `${call.eventStream ? 'event: message\ndata: ' : ''}{"jsonrpc":"2.0","id":1,"result":`;

/**
 * A plain node:http JSON-RPC server (no project code): for each POST it reads the body, parses it, checks
 * the method and the call's required header, and writes `{jsonrpc, id, result}` with the request's id around
 * the result the mock gave for the same call (an event stream's one event where the mock answers in one).
 */
async function rawJsonRpcScript(
  routes: Record<string, Pick<RpcCall, 'method' | 'required' | 'eventStream'> & { result: unknown }>,
) {
  const file = join(tmpdir(), `atc-raw-json-rpc-${process.pid}.mjs`);
  await writeFile(
    file,
    `import { createServer } from 'node:http';
const routes = ${JSON.stringify(routes)};
const send = (res, status, type, text) => {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(text) });
  res.end(text);
};
const refuse = (res, code) =>
  send(res, 400, 'application/json', JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message: 'refused' } }));
createServer((req, res) => {
  if (req.method === 'GET') return send(res, 200, 'application/json', '{}');
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const route = routes[req.url];
    let call;
    try {
      call = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return refuse(res, -32700);
    }
    if (!route || call?.jsonrpc !== '2.0' || call.method !== route.method) return refuse(res, -32601);
    if (!req.headers[route.required]) return refuse(res, -32600);
    const text = JSON.stringify({ jsonrpc: '2.0', id: call.id, result: route.result });
    if (route.eventStream) send(res, 200, 'text/event-stream', 'event: message\\ndata: ' + text + '\\n\\n');
    else send(res, 200, 'application/json', text);
  });
}).listen(Number(process.argv[2]), '127.0.0.1');
`,
  );
  return file;
}

/** Sends the call once: the answer's text and result, or an error saying what came back instead of a result. */
async function resultOf(base: string, call: RpcCall): Promise<{ text: string; result: { tasks?: unknown[] } }> {
  const res = await fetch(base + call.path, { method: 'POST', headers: call.headers, body: call.body });
  const text = await res.text();
  let message: { id?: unknown; result?: { tasks?: unknown[] }; error?: unknown } | undefined;
  try {
    message = JSON.parse((call.eventStream ? /^data: (.*)$/m.exec(text)?.[1] : text) ?? '');
  } catch {
    message = undefined;
  }
  if (res.status !== 200 || message?.id !== 1 || !message.result || message.error !== undefined)
    throw new Error(
      `json-rpc-post: ${call.label} at ${base}${call.path} answered ${res.status} ${text.slice(0, 300)}; ` +
        'the section measures only answers that are 200 with a JSON-RPC result for id 1.',
    );
  return { text, result: message.result };
}

let clockTickMs: number | undefined;
/** The CPU time a process has used so far (user and system, all its threads), in ms. */
function cpuMsOf(pid: number): number {
  clockTickMs ??= 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim() || 100);
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * clockTickMs;
}

/** POSTs the call for `seconds` over 10 connections; throws if any answer is not a 200 with the call's result. */
async function postLoad(base: string, call: RpcCall, seconds: number, serverPid: number) {
  const latencies: number[] = [];
  const prefix = resultPrefix(call);
  const serverBefore = cpuMsOf(serverPid);
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const run = autocannon({
    url: base + call.path,
    method: 'POST',
    headers: call.headers,
    body: call.body,
    connections: 10,
    duration: seconds,
    verifyBody: (body) => body.startsWith(prefix),
  });
  run.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await run;
  const wallMs = performance.now() - started;
  const client = process.cpuUsage(clientBefore);
  const failed = {
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    mismatches: result.mismatches,
  };
  if (Object.values(failed).some((n) => n > 0))
    throw new Error(
      `json-rpc-post: ${call.label} at ${base}${call.path}: ${JSON.stringify(failed)} of ${latencies.length} ` +
        `answers were not a 200 starting ${JSON.stringify(prefix)} (mismatches: a JSON-RPC error or another id).`,
    );
  return {
    rps: result.requests.average,
    latencies,
    serverUsPerCall: ((cpuMsOf(serverPid) - serverBefore) * 1000) / latencies.length,
    clientShare: (client.user + client.system) / 1000 / wallMs,
  };
}

/** The q-quantile of ascending values. */
const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;

async function jsonRpcPost() {
  buildUnlessStartupRuns();
  pinLoadGenerator();
  const seconds = 3;
  const rounds = 3;
  const loadBefore = machineLoad();
  log(`## Throughput of JSON-RPC POSTs (autocannon in this process, 10 connections, ${seconds} s per run, loopback)`);
  log('');
  const mock = await spawnMock(4612);
  const mockBase = 'http://127.0.0.1:4612';
  const rawBase = 'http://127.0.0.1:4613';
  let raw: { child: ChildProcess } | undefined;
  let script: string | undefined;
  try {
    // MCP's session, opened as its client opens one, then filled with 25 tasks through the control API.
    const accept = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const opened = await fetch(`${mockBase}/mcp/mcp`, {
      method: 'POST',
      headers: accept,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '0.1.0' } },
      }),
    });
    const session = opened.headers.get('mcp-session-id');
    await opened.text();
    if (opened.status !== 200 || !session)
      throw new Error(`json-rpc-post: MCP initialize answered ${opened.status} without an Mcp-Session-Id header`);
    const initialized = await fetch(`${mockBase}/mcp/mcp`, {
      method: 'POST',
      headers: { ...accept, 'mcp-session-id': session },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    const filled = await fetch(`${mockBase}/__mock/tasks`, {
      method: 'POST',
      body: JSON.stringify({ api: 'mcp', session, tasks: Array.from({ length: 25 }, () => ({})), seed: 1 }),
    });
    if (initialized.status !== 202 || filled.status !== 200)
      throw new Error(
        `json-rpc-post: notifications/initialized answered ${initialized.status} (202 expected), ` +
          `POST /__mock/tasks ${filled.status}: ${(await filled.text()).slice(0, 300)}`,
      );
    const calls: RpcCall[] = [
      {
        name: 'A2A `ListTasks`',
        label: 'A2A `ListTasks` (`contextId: ctx-demo`, `pageSize: 20`)',
        path: '/a2a/',
        headers: { 'content-type': 'application/json', 'A2A-Version': '1.0' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'ListTasks',
          params: { contextId: 'ctx-demo', pageSize: 20 },
        }),
        method: 'ListTasks',
        required: 'a2a-version',
        eventStream: false,
      },
      {
        name: 'MCP `tasks/list`',
        label: 'MCP `tasks/list` in an opened session of 25 tasks',
        path: '/mcp/mcp',
        headers: { ...accept, 'Mcp-Session-Id': session, 'MCP-Protocol-Version': '2025-11-25' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tasks/list', params: {} }),
        method: 'tasks/list',
        required: 'mcp-session-id',
        eventStream: true,
      },
    ];
    const answers = await Promise.all(calls.map((call) => resultOf(mockBase, call)));
    script = await rawJsonRpcScript(
      Object.fromEntries(
        calls.map(({ path, method, required, eventStream }, i) => [
          path,
          { method, required, eventStream, result: answers[i]!.result },
        ]),
      ),
    );
    raw = await spawnUntil200(process.execPath, [script, '4613'], `${rawBase}/`);
    // The same call gets the same bytes from both servers: the baseline writes what the mock writes.
    for (const [i, call] of calls.entries()) {
      const plain = await resultOf(rawBase, call);
      if (plain.text !== answers[i]!.text)
        throw new Error(`json-rpc-post: the plain server's answer to ${call.label} differs from the mock's`);
    }
    log(
      `Each call POSTed as its client sends it, the same body every time, to the standalone mock (bundle) and to a plain \`node:http\` server (no project code) that reads the POST body, parses the JSON-RPC request, checks its method and the header the call needs, and writes \`{jsonrpc, id, result}\` around the result the mock gave for the same call (byte for byte the mock's answer, checked before measuring). A2A: \`POST /a2a/\` with \`A2A-Version: 1.0\`. MCP: \`initialize\`, \`notifications/initialized\`, 25 tasks put in that session (\`POST /__mock/tasks\`), then \`tasks/list\` with \`Mcp-Session-Id\` and \`MCP-Protocol-Version\`, answered as an event stream. Every answer is checked: a status other than 200, or a body that is not the call's JSON-RPC result, stops the section. Rounds alternate plain, mock (after a 1 s warm-up of each); latency percentiles are over every answer of the ${rounds} runs, measured by the load generator; CPU per call is the server process's CPU time (/proc) over the answers it gave, the load generator's share is of one core.`,
    );
    log('');
    log(
      '| call | answer | server | median req/s (runs) | latency p50 / p90 / p99 | server CPU per call | load generator CPU |',
    );
    log('|---|---|---|---|---|---|---|');
    const meanings: string[] = [];
    for (const [i, call] of calls.entries()) {
      const servers = [
        { name: 'plain `node:http`', base: rawBase, pid: raw.child.pid! },
        { name: 'mock (bundle)', base: mockBase, pid: mock.child.pid! },
      ];
      for (const { base, pid } of servers) await postLoad(base, call, 1, pid);
      const runs = servers.map(() => [] as Awaited<ReturnType<typeof postLoad>>[]);
      for (let n = 0; n < rounds; n++)
        for (const [s, { base, pid }] of servers.entries()) runs[s]!.push(await postLoad(base, call, seconds, pid));
      const figures = runs.map((list) => {
        const latencies = list.flatMap((r) => r.latencies).sort((a, b) => a - b);
        const answered = latencies.length;
        return {
          rps: median(list.map((r) => r.rps)),
          runs: list.map((r) => round(r.rps)).join(', '),
          latency: [0.5, 0.9, 0.99].map((q) => `${quantile(latencies, q).toFixed(2)}`).join(' / '),
          cpu: list.reduce((sum, r) => sum + r.serverUsPerCall * r.latencies.length, 0) / answered,
          client: Math.max(...list.map((r) => r.clientShare)),
        };
      });
      const answer = answers[i]!;
      const shape = `${answer.result.tasks?.length ?? 0} tasks, ${Buffer.byteLength(answer.text).toLocaleString('en-US')} bytes${call.eventStream ? ' (event stream)' : ''}`;
      for (const [s, { name }] of servers.entries()) {
        const f = figures[s]!;
        log(
          `| ${call.label} | ${shape} | ${name} | ${round(f.rps)} (${f.runs}) | ${f.latency} ms | ${f.cpu.toFixed(0)} µs | up to ${(f.client * 100).toFixed(0)}% |`,
        );
      }
      const [plain, ours] = figures as [(typeof figures)[0], (typeof figures)[0]];
      meanings.push(
        `${call.name}: the mock answers **${((ours.rps / plain.rps) * 100).toFixed(0)}%** of the plain server's rate, at ${ours.cpu.toFixed(0)} µs of CPU a call against ${plain.cpu.toFixed(0)} µs`,
      );
    }
    log('');
    log(
      `${meanings.join('; ')}. Both servers read the same POST and write the same bytes, so the difference in CPU per call is the mock's own work on a JSON-RPC call: its routing, the checks of the request (headers, the session, the params against the method), reading the page out of the session's list (each task's text is cached; whole answers are cached for GETs, not for POSTs); the rest of a call (HTTP, parsing the body, serialising the answer) is the floor any JSON-RPC server in Node pays. Where the load generator is near 100% of its core, the rates are its ceiling rather than the server's, and CPU per call is the figure to compare.`,
    );
    log('');
  } finally {
    if (raw) await stop(raw.child);
    await stop(mock.child);
    if (script) rmSync(script, { force: true });
  }
  log(`Machine load (1, 5, 15 min averages) when the section started: ${loadBefore}; when it ended: ${machineLoad()}.`);
  log('');
}

// ---- scale in the queried session ---------------------------------------------------------------
interface OpCase {
  label: string;
  urls: (n: number, top: number) => string[];
}
/** The spec's task states, in its order. */
const JSONRPC_STATES = jsonrpcStatuses;

async function timedGets(
  base: string,
  urls: string[],
): Promise<{ p50: number; p99: number; bytes: number; items: number }> {
  const times: number[] = [];
  let bytes = 0;
  let items = 0;
  for (const url of urls) {
    const started = performance.now();
    const res = await fetch(base + url);
    const text = await res.text();
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text.slice(0, 200)}`);
    bytes += text.length;
    items += (text.match(/"(task_id|id)":/g) ?? []).length;
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)]!, p99: times[Math.floor(times.length * 0.99)]!, bytes, items };
}

const machineLoad = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

async function scale() {
  pinLoadGenerator();
  const sizes = [1_000, 100_000, 1_000_000];
  const loadBefore = machineLoad();
  log(
    '## Scale in the queried session (`mock --tasks`, bundle, one request at a time over keep-alive, every timed URL distinct)',
  );
  log('');
  log(
    "Each process grows one API's demo session to N tasks (`mock --tasks ark=N`: Ark `sesn-demo`; `--tasks jsonrpc=N`: JSON-RPC `demo`; all demo states present) and nothing else, so N = 1M is a million tasks in one session and one process. Everruns `demo` and Praxis `sesn_demo` return the whole list by design; a process of their own grows both (`--tasks everruns=N --tasks praxis=N`, N up to 100,000), so their cost is per returned item.",
  );
  log('');
  const paged: OpCase[] = [
    {
      label: 'Ark, `state=running`, cursor 60% deep',
      urls: (n, top) =>
        Array.from(
          { length: 1000 },
          (_, i) =>
            `/ark/sessions/sesn-demo/tasks?state=running&limit=${1 + (i % 100)}&cursor=${top - ((Math.floor(n * 0.6) + i) % n)}`,
        ),
    },
    // Task k of a grown session is `task_demo<k>` in state k mod 9 (the demo's numbering, continued).
    {
      label: 'JSON-RPC, `session_id` + `status`, `starting_after` 60% deep',
      urls: (n) =>
        Array.from({ length: 1000 }, (_, i) => {
          const k = (Math.floor(n * 0.6) + i * 9) % n;
          return `/jsonrpc/tasks?session_id=demo&status=${JSONRPC_STATES[k % JSONRPC_STATES.length]}&limit=${1 + (i % 100)}&starting_after=task_demo${pad(k)}`;
        }),
    },
    {
      label: 'JSON-RPC, `session_id`, no `status`',
      urls: (n) =>
        Array.from(
          { length: 1000 },
          (_, i) =>
            `/jsonrpc/tasks?session_id=demo&limit=${1 + (i % 100)}&starting_after=task_demo${pad((Math.floor(n * 0.6) + i) % n)}`,
        ),
    },
    {
      label: 'JSON-RPC, no `session_id`, `status`',
      urls: (n) =>
        Array.from({ length: 1000 }, (_, i) => {
          const k = (Math.floor(n * 0.6) + i * 9) % n;
          return `/jsonrpc/tasks?status=${JSONRPC_STATES[k % JSONRPC_STATES.length]}&limit=${1 + (i % 100)}&starting_after=task_demo${pad(k)}`;
        }),
    },
    {
      label: 'JSON-RPC, no `session_id`, no `status`',
      urls: (n) =>
        Array.from(
          { length: 1000 },
          (_, i) =>
            `/jsonrpc/tasks?limit=${1 + (i % 100)}&starting_after=task_demo${pad((Math.floor(n * 0.6) + i) % n)}`,
        ),
    },
    // limit 1–100 × two agents: the 200 distinct URLs the session list has (its limit stops at 100).
    {
      label: 'Praxis sessions, `agent_id` (200 URLs)',
      urls: () =>
        Array.from(
          { length: 200 },
          (_, i) => `/praxis/v1/sessions?agent_id=${i % 2 ? 'agent_helper' : 'agent_demo'}&limit=${1 + (i >> 1)}`,
        ),
    },
  ];
  const firstPage = { ark: '/ark/sessions/sesn-demo/tasks?limit=1', jsonrpc: '/jsonrpc/tasks?session_id=demo&limit=1' };
  // The baseline: Node's own start-up to a first 200, a plain node:http script, same machine, same run.
  const rawScript = await rawServerScript('{}');
  const rawRuns: number[] = [];
  for (let r = 0; r < 5; r++) {
    const raw = await spawnUntil200(process.execPath, [rawScript, '4649'], 'http://127.0.0.1:4649/');
    rawRuns.push(raw.ms);
    await stop(raw.child);
  }
  const table: Record<string, { p50: number; p99: number }[]> = {};
  const starts: Record<string, { runs: number[]; rss: { now: number; peak: number } }> = {};
  for (const [s, n] of sizes.entries()) {
    for (const api of ['ark', 'jsonrpc'] as const) {
      const port = 4650 + s * 2 + (api === 'ark' ? 0 : 1);
      const base = `http://127.0.0.1:${port}`;
      const args = [BIN, 'mock', '--port', String(port), '--tasks', `${api}=${n}`];
      // Several cold starts below 1M (they are short and noisy); the last one stays up to be timed.
      const runs: number[] = [];
      let started = await spawnUntil200(process.execPath, args, base + firstPage[api]);
      for (let r = 1; r < (n < 1_000_000 ? 5 : 2); r++) {
        runs.push(started.ms);
        await stop(started.child);
        started = await spawnUntil200(process.execPath, args, base + firstPage[api]);
      }
      runs.push(started.ms);
      const { child } = started;
      starts[`${api} ${n}`] = { runs, rss: await residentMb(child.pid!) };
      console.error(
        `scale: ${api} ${n.toLocaleString('en-US')}: first page after ${runs.map(Math.round).join(', ')} ms`,
      );
      const first = (await (await fetch(`${base}/ark/sessions/sesn-demo/tasks?limit=1`)).json()) as {
        next_cursor: number;
      };
      const top = first.next_cursor + 1;
      for (const op of paged.filter((o) =>
        api === 'ark' ? !o.label.startsWith('JSON-RPC') : o.label.startsWith('JSON-RPC'),
      )) {
        console.error(`scale: ${op.label} at ${n}`);
        (table[op.label] ??= []).push(await timedGets(base, op.urls(n, top)));
      }
      await stop(child);
    }
  }
  const perItem: Record<string, number[]> = {};
  const wholeStarts: string[] = [];
  for (const [s, n] of [1_000, 100_000].entries()) {
    const port = 4660 + s;
    const base = `http://127.0.0.1:${port}`;
    const args = [BIN, 'mock', '--port', String(port), '--tasks', `everruns=${n}`, '--tasks', `praxis=${n}`];
    const { child, ms } = await spawnUntil200(
      process.execPath,
      args,
      `${base}/everruns/v1/sessions/demo/tasks?limit=1`,
    );
    wholeStarts.push(
      `${n.toLocaleString('en-US')} each: ${(ms / 1000).toFixed(2)} s, ${(await residentMb(child.pid!)).now} MB`,
    );
    for (const [label, path] of [
      ['Everruns tasks (whole list)', '/everruns/v1/sessions/demo/tasks'],
      ['Praxis background tasks (whole list)', '/praxis/v1/sessions/sesn_demo/background_tasks'],
    ] as const) {
      const count = n >= 100_000 ? 5 : 50;
      const r = await timedGets(
        base,
        Array.from({ length: count }, (_, i) => `${path}?bench=${i}`),
      );
      (perItem[label] ??= []).push((r.p50 * 1000) / n);
    }
    await stop(child);
  }
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  log(
    `Machine load (1, 5, 15 min averages) when the section started: ${loadBefore}; when it ended: ${machineLoad()}. Baseline, same run: a plain \`node:http\` script (no project code) answers its first 200 after ${seconds(median(rawRuns))} (median of 5).`,
  );
  log('');
  log(
    '| queried API | N tasks in its demo session | spawn to the first 200 of its first page (`limit=1`): median (runs) | median beyond the plain `node:http` start-up | resident after it: now / peak (VmRSS / VmHWM) |',
  );
  log('|---|---|---|---|---|');
  for (const n of sizes)
    for (const api of ['ark', 'jsonrpc'] as const) {
      const { runs, rss } = starts[`${api} ${n}`]!;
      log(
        `| ${api} | ${n.toLocaleString('en-US')} | ${seconds(median(runs))} (${runs.map((ms) => (ms / 1000).toFixed(2)).join(', ')}) | ${seconds(median(runs) - median(rawRuns))} | ${rss.now.toLocaleString('en-US')} / ${rss.peak.toLocaleString('en-US')} MB |`,
      );
    }
  log('');
  const verdict = (ok: boolean) => (ok ? 'met' : 'not met');
  const million = (['ark', 'jsonrpc'] as const).map((api) => starts[`${api} 1000000`]!);
  const hundredK = (['ark', 'jsonrpc'] as const).map((api) => median(starts[`${api} 100000`]!.runs));
  const slowestMillion = Math.max(...million.map((m) => median(m.runs)));
  const peakMillion = Math.max(...million.map((m) => m.rss.peak));
  log(
    `Goals: 1M tasks in one session answer the first page within 5 s — ${verdict(slowestMillion <= 5000)} (slowest ${seconds(slowestMillion)}) — with at most 1 GB resident — ${verdict(peakMillion <= 1024)} (peak ${peakMillion} MB); 100k within 0.5 s — ${verdict(Math.max(...hundredK) <= 500)} (slowest median ${seconds(Math.max(...hundredK))}). Everruns and Praxis grown to N each, spawn to the first Everruns page: ${wholeStarts.join('; ')}.`,
  );
  log('');
  log('| paged operation | p50 / p99 at N = 1k | at 100k | at 1M | p50 ratio 100k/1k | p50 ratio 1M/1k (goal ≤ 1.5) |');
  log('|---|---|---|---|---|---|');
  const ms = (x: number) => `${x.toFixed(2)} ms`;
  for (const op of paged) {
    const [a, b, c] = table[op.label]!;
    const ratio = c!.p50 / a!.p50;
    log(
      `| ${op.label} | ${ms(a!.p50)} / ${ms(a!.p99)} | ${ms(b!.p50)} / ${ms(b!.p99)} | ${ms(c!.p50)} / ${ms(c!.p99)} | ${(b!.p50 / a!.p50).toFixed(2)} | ${ratio.toFixed(2)} (${verdict(ratio <= 1.5)}) |`,
    );
  }
  log('');
  log("| whole-list operation (returns the session's whole list by design) | µs per returned item at 1k | at 100k |");
  log('|---|---|---|');
  for (const [label, values] of Object.entries(perItem))
    log(`| ${label} | ${values[0]!.toFixed(2)} | ${values[1]!.toFixed(2)} |`);
  log('');
  log(
    'Latency is measured by this process around each `fetch` (HTTP included), 1,000 distinct URLs per operation (limits 1–100 and cursors that differ), so the response cache never answers.',
  );
  log('');
}

// ---- conformance at a real API's latency ----------------------------------------------------

/** The mock answering every request `latencyMs` late, on a free port, and runs of the runner against it. */
async function mockAtLatency(latencyMs: number) {
  const { runConformance } = await import('../src/entries/conformance.js');
  const { MockApp } = await import('../src/apis/mock-functions.js');
  const { startServer } = await import('../src/node/server.js');
  const app = await MockApp.create({ latencyMs });
  const server = await startServer(app, { host: '127.0.0.1', port: 0 });
  /** One run (seed 28) on the API's demo session, from the demo data as the mock started. */
  const run = async (api: (typeof BUILTIN_API_NAMES)[number], more: Partial<ConformanceOptions> = {}) => {
    await app.reset();
    const session = DEMO_SESSIONS[api];
    return runConformance({ api, baseUrl: `${server.url}/${api}`, ...(session ? { session } : {}), seed: 28, ...more });
  };
  return { run, close: () => server.close() };
}

/** What two runs must agree on: the exit code, every law's outcome, the violations and their replay lines. */
const verdictOf = (r: ConformanceResult) =>
  JSON.stringify([r.exitCode, r.laws.map((x) => [x.id, x.outcome]), r.violations.map((v) => [v.law, v.replay])]);

async function conformance() {
  const { DEFAULT_CONCURRENCY } = await import('../src/conformance/context.js');
  const latencyMs = 150;
  log(`## Conformance against a server answering every request in ${latencyMs} ms`);
  log('');
  log(
    `\`runConformance\` with its defaults (100 property runs, 3 polls 1 s apart, seed 28) against the mock started with \`latencyMs: ${latencyMs}\` in this process, on its demo session; concurrency 1 (one request at a time, the baseline) beside the default (${DEFAULT_CONCURRENCY} cases at once). Identical: same exit code, the same outcome for every rule and the same violations with the same replay lines. Where the time went: seconds from the start of the default run to the start of each phase (\`phase\` events; refusals, probes, combinations and the first poll run as one batch, the second poll beside the property cases).`,
  );
  log('');
  const loadBefore = machineLoad();
  log(
    '| API | concurrency 1: requests, seconds | default: requests, seconds | speed-up | identical verdict | goal ≤ 15 s | default: where the time went |',
  );
  log('|---|---|---|---|---|---|---|');
  const mock = await mockAtLatency(latencyMs);
  try {
    for (const api of BUILTIN_API_NAMES) {
      const marks: string[] = [];
      const run = async (concurrency?: number) => {
        const started = performance.now();
        const at = () => ((performance.now() - started) / 1000).toFixed(1);
        return mock.run(
          api,
          concurrency
            ? { concurrency }
            : { onEvent: (e) => void (e.type === 'phase' && marks.push(`${e.name} ${at()}`)) },
        );
      };
      const one = await run(1);
      const many = await run();
      const s = (r: typeof one) => (r.durationMs / 1000).toFixed(1);
      const same = verdictOf(one) === verdictOf(many) ? 'yes' : 'no';
      const met = many.durationMs <= 15_000 ? '(met)' : '(not met)';
      // The phases of one batch start together: one mark for them.
      const where = [
        ...new Set(
          marks.map((m) => m.replace(/^(refusals|probes|combinations|over time) /, 'refusals to combinations ')),
        ),
      ];
      log(
        `| ${api} | ${one.requests}, ${s(one)} s | ${many.requests}, ${s(many)} s | ${(one.durationMs / many.durationMs).toFixed(1)}x | ${same} | ${s(many)} s ${met} | ${where.join(', ')}, end ${s(many)} |`,
      );
    }
  } finally {
    await mock.close();
  }
  log('');
  log(`Machine load (1, 5, 15 min averages) when the section started: ${loadBefore}; when it ended: ${machineLoad()}.`);
  log('');
}

// ---- the protocols' official servers -----------------------------------------------------------
/**
 * `conform` against the real servers of the A2A and MCP SDKs (in this process, tasks made through their own
 * protocol), each beside the same run against the project's mock of the list (the baseline, same run).
 */
async function protocols() {
  const { runConformance } = await import('../src/entries/conformance.js');
  const { MockApp } = await import('../src/apis/mock-functions.js');
  const { startServer } = await import('../src/node/server.js');
  const { startA2aServer } = await import('../test/helpers/a2a-server.js');
  const { startRealMcpServer } = await import('../test/fixtures/mcp/server.js');
  const options = { seed: 28, runs: 25, polls: 2, pollIntervalMs: 0 } as const;
  log("## Conformance against the protocols' official servers");
  log('');
  log(
    `\`runConformance\` (seed ${options.seed}, ${options.runs} property runs, ${options.polls} polls) against the real servers of \`@a2a-js/sdk\` (DefaultRequestHandler over its InMemoryTaskStore, 60 tasks in 3 contexts made through SendMessage; each binding at its own URL, \`--operation\`) and \`@modelcontextprotocol/sdk\` (McpServer with its task store, 25 tasks made through \`tools/call\` in one session, \`--session\`), in this process; beside each, the same run against the project's mock of that list (no latency, its demo data): the baseline. A2A's finding is the SDK's own bug (statusTimestampAfter read as after, not at or after).`,
  );
  log('');
  log('| list | server | requests | seconds | requests/s | exit | laws violated |');
  log('|---|---|---|---|---|---|---|');
  const row = (list: string, server: string, r: ConformanceResult) => {
    const laws = [...new Set(r.violations.map((v) => v.law))].join(', ') || 'none';
    const rate = (r.requests / (r.durationMs / 1000)).toFixed(0);
    log(
      `| ${list} | ${server} | ${r.requests} | ${(r.durationMs / 1000).toFixed(1)} | ${rate} | ${r.exitCode} | ${laws} |`,
    );
  };
  const app = await MockApp.create({});
  const mock = await startServer(app, { host: '127.0.0.1', port: 0 });
  const a2a = await startA2aServer(60, ['ctx-alpha', 'ctx-beta', 'ctx-gamma']);
  const mcp = await startRealMcpServer();
  try {
    for (const [list, operation, real] of [
      ['A2A HTTP+JSON GET /tasks', 'listTasks', `${a2a.base}/a2a/rest`],
      ['A2A JSON-RPC ListTasks', 'listTasksJsonRpc', `${a2a.base}/a2a/jsonrpc`],
    ] as const) {
      row(list, 'the SDK', await runConformance({ api: 'a2a', operations: [operation], baseUrl: real, ...options }));
      await app.reset();
      const base = `${mock.url}/a2a`;
      row(list, 'the mock', await runConformance({ api: 'a2a', operations: [operation], baseUrl: base, ...options }));
    }
    const endings = ['completed', 'failed', 'working', 'input_required', 'cancelled'] as const;
    const session = await mcp.session(Array.from({ length: 25 }, (_, i) => endings[i % endings.length]!));
    row('MCP tasks/list', 'the SDK', await runConformance({ api: 'mcp', baseUrl: mcp.url, session, ...options }));
    await app.reset();
    const demo = DEMO_SESSIONS.mcp;
    row(
      'MCP tasks/list',
      'the mock',
      await runConformance({ api: 'mcp', baseUrl: `${mock.url}/mcp`, session: demo, ...options }),
    );
  } finally {
    await Promise.all([mock.close(), a2a.close(), mcp.close()]);
  }
  log('');
}

// ---- shards at a real API's latency ------------------------------------------------------------
async function shards() {
  const { mergeReports } = await import('../src/conformance/merge.js');
  const latencyMs = 150;
  const count = 4;
  const goal = 0.35;
  const { DEFAULT_POLL_INTERVAL_MS: pollIntervalMs } = await import('../src/conformance/limits.js');
  log(`## Shards against a server answering every request in ${latencyMs} ms`);
  log('');
  log(
    `\`runConformance\` with its defaults (seed 28) against the mock started with \`latencyMs: ${latencyMs}\` in this process, on its demo session: the whole run, then each of its ${count} shards (\`shard: { index, count: ${count} }\`) one after another, as ${count} CI jobs would run them side by side. Each shard's wall time beside the whole run's: every shard walks the baseline, then the cases the shard plan gives it (\`src/conformance/shard-plan.ts\`). A shard takes at least the baseline plus the longest chain of requests it sends one after another: a walk one item a page (one request an item of the list) runs in parts at once where its paging lets a walk start mid-list (\`src/conformance/walk-parts.ts\`: Ark's tokens, resumed from the baseline's or scouted between them, JSON-RPC's item ids, LangGraph's offsets), where its token is bound to its query (Praxis' sessions) as its first √n pages and a walk to the end at each later position's size (\`src/conformance/phases/page-sizes.ts\`); the polls wait a second apart; the reads back to back end each shard, each list's in one shard. Identical: the shards' reports merged (\`merge-reports\`) give the whole run's exit code, the same outcome for every law and the same violations with the same replay lines. Goal: every shard within ${goal * 100}% of the whole run's time. Floor: what a shard that polls takes whatever its share, the baseline (as long as the whole run's), a poll interval (${pollIntervalMs} ms) and one read (${latencyMs} ms), as a share of the whole run; a shard cannot end before it, so where the floor is above the goal the goal cannot be met with polls a second apart.`,
  );
  log('');
  const loadBefore = machineLoad();
  log(
    `| API | whole: requests, seconds | ${Array.from({ length: count }, (_, i) => `shard ${i + 1}/${count}`).join(' | ')} | longest shard | floor | identical merged verdict | goal ≤ ${goal * 100}% |`,
  );
  log(`|---|---|${'---|'.repeat(count)}---|---|---|---|`);
  const mock = await mockAtLatency(latencyMs);
  try {
    for (const api of BUILTIN_API_NAMES) {
      const started = performance.now();
      let baselineMs = 0;
      const whole = await mock.run(api, {
        onEvent: (event) => {
          if (event.type === 'phase' && event.name !== 'baseline' && baselineMs === 0)
            baselineMs = performance.now() - started;
        },
      });
      const floor = (baselineMs + pollIntervalMs + latencyMs) / whole.durationMs;
      const parts: ConformanceResult[] = [];
      for (let index = 1; index <= count; index++) parts.push(await mock.run(api, { shard: { index, count } }));
      const share = (r: ConformanceResult) => r.durationMs / whole.durationMs;
      const s = (r: ConformanceResult) => `${(r.durationMs / 1000).toFixed(1)} s`;
      const longest = Math.max(...parts.map(share));
      const same = verdictOf(mergeReports(parts)) === verdictOf(whole) ? 'yes' : 'no';
      const shown = parts.map((r) => `${r.requests}, ${s(r)} (${Math.round(share(r) * 100)}%)`);
      log(
        `| ${api} | ${whole.requests}, ${s(whole)} | ${shown.join(' | ')} | ${Math.round(longest * 100)}% | ${Math.round(floor * 100)}% | ${same} | ${longest <= goal && same === 'yes' ? 'met' : 'not met'} |`,
      );
    }
  } finally {
    await mock.close();
  }
  log('');
  log(`Machine load (1, 5, 15 min averages) when the section started: ${loadBefore}; when it ended: ${machineLoad()}.`);
  log('');
}

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM (${Math.round(freemem() / 2 ** 30)} GiB free), ${platform()} ${release()}, Node ${process.version}`;
log('# Benchmark results');
log('');
log(`Machine: ${machine}.`);
log(
  `Date: ${new Date().toISOString().slice(0, 10)}. Produced by \`npm run bench\`; ${PINNING}. Numbers are noisy on a shared 2-core machine; ratios within one run matter.`,
);
log('');
// Start-up first, while this process is small and idle. BENCH_ONLY=scale (or a comma list) runs some sections.
const only = process.env.BENCH_ONLY?.split(',');
const SECTIONS = [
  ['startup', startup],
  ['generators', generators],
  ['throughput', throughput],
  ['json-rpc-post', jsonRpcPost],
  ['scale', scale],
  ['conformance', conformance],
  ['shards', shards],
  ['protocols', protocols],
] as const;
const unknown = only?.filter((name) => !SECTIONS.some(([known]) => known === name)) ?? [];
if (unknown.length > 0)
  throw new Error(
    `BENCH_ONLY names no section ${unknown.join(', ')}; the sections are ${SECTIONS.map(([n]) => n).join(', ')}`,
  );
for (const [name, section] of SECTIONS) if (!only || only.includes(name)) await section();
/**
 * The hand-written notes at the end of RESULTS.md (from its `## Notes (hand-written` heading on),
 * kept across runs: a run rewrites the measured sections only, and the heading names its time.
 */
async function keptNotes(file: string, from: Date, to: Date): Promise<string> {
  const old = await readFile(file, 'utf8').catch(() => '');
  const at = old.indexOf('## Notes (hand-written');
  if (at < 0) return '';
  const time = (d: Date) => d.toISOString().slice(11, 16);
  const run = `${from.toISOString().slice(0, 10)} ${time(from)}–${time(to)} UTC`;
  const heading = /^(## Notes \(hand-written; the sections above are the latest full run, )[^)]*\)/;
  return `\n${old.slice(at).replace(heading, `$1${run})`)}`;
}

// A partial run (BENCH_ONLY) prints its sections and leaves RESULTS.md as the last full run wrote it.
if (!only) {
  const file = join(root, 'bench/RESULTS.md');
  await writeFile(file, `${lines.join('\n')}\n${await keptNotes(file, BENCH_STARTED, new Date())}`);
  console.log('wrote bench/RESULTS.md');
}
process.exit(0);
