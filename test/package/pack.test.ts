import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDocumentationPage } from '../../scripts/doc-pages.js';
import { brokenPointers, pointersOf } from '../helpers/doc-links.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
let dir: string;
let tarball: string;
let files: string[];
let installLog: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atc-pack-'));
  // `npm pack` runs prepack (the build) and writes the tarball.
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  });
  const info = JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[];
  tarball = join(dir, info[0]!.filename);
  files = info[0]!.files.map((f) => f.path);
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  // Scripts allowed, as a user installs: npm names every dependency's install-time script.
  const install = await run('npm', ['install', tarball, '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: dir,
    maxBuffer: 64 * 1024 * 1024,
  });
  installLog = `${install.stdout}\n${install.stderr}`;
}, 240_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The URL a spawned `mock` prints on its "listening" line. */
function listeningUrl(child: ChildProcessWithoutNullStreams): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const listening = /listening (http:\/\/\S+)/.exec(out);
      if (listening) resolve(listening[1]!);
    });
    child.once('exit', (code) => reject(new Error(`mock exited with ${code}: ${out}`)));
    setTimeout(() => reject(new Error(`no "listening" line within 30 s: ${out}`)), 30_000);
  });
}

const node = (code: string, conditions: string[] = []) =>
  run(process.execPath, [...conditions.map((c) => `--conditions=${c}`), '--input-type=module', '-e', code], {
    cwd: dir,
  });

describe('the installable package', () => {
  it('holds only what users need', () => {
    expect(files).toContain('dist/cli-bundle/entry.js');
    expect(files).toContain('dist/handlers/index.js');
    expect(files).toContain('dist/handlers/index.d.ts');
    expect(files).toContain('specs/ark.openapi.yaml');
    expect(files).toContain('specs/sources/002_975038caf7b7a661.txt');
    expect(files).toContain('scenarios/schema.json');
    expect(files).toContain('schemas/conformance-report.schema.json');
    expect(files).toContain('dist/types/index.d.ts');
    expect(files).toContain('scenarios/ark-unknown-comes-back.yaml');
    expect(files).toContain('README.md');
    expect(files).toContain('CONTRIBUTING.md');
    expect(files).toContain('docs/laws.md');
    expect(files).toContain('LICENSE');
    expect(files).toContain('dist/playwright/index.js');
    expect(files).toContain('dist/playwright/index.d.ts');
    expect(files).toContain('dist/kit/index.js');
    expect(files).toContain('examples/jobs/index.js');
    expect(files).toContain('examples/jobs/jobs.openapi.yaml');
    expect(files).not.toContain('examples/jobs/tsconfig.json');
    for (const f of files) expect(f).not.toMatch(/^(src|test|bench|scripts|\.ci|examples\/task-board|node_modules)\//);
    expect(files.some((f) => f.endsWith('.map'))).toBe(false);
  });

  it('runs no script of its own when installed; a checkout still builds on npm ci', async () => {
    const packed = JSON.parse((await run('tar', ['-xOzf', tarball, 'package/package.json'])).stdout) as {
      scripts: Record<string, string>;
    };
    for (const script of ['preinstall', 'install', 'postinstall', 'preprepare', 'prepare', 'postprepare'])
      expect(packed.scripts, script).not.toHaveProperty(script);
    expect(installLog).not.toMatch(/agent-task-contracts@\S+ \(/);
    const checkout = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(checkout.scripts.prepare).toBe('npm run build');
  });

  it('every link and repository path of the README and the docs resolves inside the package, every anchor to a heading', async () => {
    const installed = join(dir, 'node_modules/agent-task-contracts');
    const read = (path: string) => readFileSync(join(installed, path), 'utf8');
    const pages = files.filter(isDocumentationPage);
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'docs/mock-in-node.md', 'docs/reference.md']));
    const pointers = pages.flatMap((page) => pointersOf(page, read(page)));
    expect(brokenPointers(pointers, files, read)).toEqual([]);
    // Links between the pages and to the documents, and the paths the generated pages name (far more).
    expect(pointers.filter((p) => p.kind === 'link').length).toBeGreaterThan(50);
    expect(pointers.length).toBeGreaterThan(600);
  });

  it('every subpath imports from plain Node ESM', async () => {
    const { stdout } = await node(`
      const contract = await import('agent-task-contracts/contract');
      const root = await import('agent-task-contracts');
      const generators = await import('agent-task-contracts/generators');
      const handlers = await import('agent-task-contracts/handlers');
      const scenarios = await import('agent-task-contracts/scenarios');
      const conformance = await import('agent-task-contracts/conformance');
      const nodeEntry = await import('agent-task-contracts/node');
      const kit = await import('agent-task-contracts/kit');
      const typesEntry = await import('agent-task-contracts/types');
      const reportSchema = (await import('agent-task-contracts/conformance/report.schema.json', { with: { type: 'json' } })).default;
      const app = await handlers.MockApp.create();
      const res = app.respond('ark', { method: 'GET', path: '/sessions/sesn-demo/tasks', query: new URLSearchParams('limit=2') });
      console.log(JSON.stringify({
        valid: contract.validateResponseBody('ark', 'listTasks', 200, res.body).length,
        same: root.validateResponseBody === contract.validateResponseBody,
        items: res.body.items.length,
        gen: typeof generators.validObject,
        scenarios: Object.keys(scenarios.LIBRARY).length,
        conform: typeof conformance.runConformance,
        server: typeof nodeEntry.startServer,
        control: typeof nodeEntry.connectMock,
        reportVersion: reportSchema.properties.reportVersion.const,
        html: typeof conformance.render,
        typesEntry: Object.keys(typesEntry).length,
        kit: [typeof kit.apiSetOf, typeof kit.compileValidators, kit.apiSetOf === handlers.apiSetOf],
      }));`);
    const library = (await readdir(join(root, 'scenarios'))).filter((f) => f.endsWith('.yaml')).length;
    expect(JSON.parse(stdout)).toEqual({
      valid: 0,
      same: true,
      items: 2,
      gen: 'function',
      scenarios: library,
      conform: 'function',
      server: 'function',
      control: 'function',
      reportVersion: 2,
      html: 'function',
      typesEntry: 0,
      kit: ['function', 'function', true],
    });
  });

  it('the frontend subpaths (overrides, matchers, added tasks, the clock) work from the tarball, without vitest', async () => {
    const { stdout } = await node(`
      import { setupServer } from 'msw/node';
      const { demoMock, handlers } = await import('agent-task-contracts/handlers');
      const { api, pages, apiError } = await import('agent-task-contracts/overrides');
      const { contractMatchers, judgeResponse } = await import('agent-task-contracts/matchers');
      const server = setupServer(...handlers);
      server.listen({ onUnhandledRequest: 'error' });
      const url = 'https://ark.cn-beijing.volces.com/api/v3/sessions/sesn-x/tasks';
      await demoMock.addTasks('ark', 'sesn-x', [{ state: 'unknown' }]);
      const added = await (await fetch(url)).json();
      server.use(api.ark.get('/sessions/{session_id}/tasks', ({ request, response }) => response(200).json(pages.ark([{ state: 'running' }, { state: 'queued' }], request))));
      const overridden = await fetch(url + '?limit=1');
      const verdict = await judgeResponse('ark', 'listTasks', overridden.clone());
      const body = await overridden.json();
      server.use(api.ark.get('/sessions/{session_id}/tasks', () => apiError('ark', 404)));
      const missing = (await fetch(url)).status;
      await demoMock.clock.freeze(Date.UTC(2030, 0, 1));
      const clock = (await demoMock.clock.state()).iso;
      server.close();
      let vitestLoaded = true;
      try { await import('vitest'); } catch { vitestLoaded = false; }
      console.log(JSON.stringify({ added: added.items.map((t) => t.state), overridden: body.items.map((t) => t.state), cursor: body.next_cursor, verdict: verdict.length, missing, clock, matcher: typeof contractMatchers.toSatisfyContract, vitestLoaded }));`);
    expect(JSON.parse(stdout)).toEqual({
      added: ['unknown'],
      overridden: ['running'],
      cursor: 1,
      verdict: 0,
      missing: 404,
      clock: '2030-01-01T00:00:00.000Z',
      matcher: 'function',
      vitestLoaded: false,
    });
  });

  it('the browser entry fails to resolve in Node, and Node-only entries fail under the browser condition', async () => {
    await expect(node(`await import('agent-task-contracts/browser')`)).rejects.toThrow(
      /ERR_PACKAGE_PATH_NOT_EXPORTED|not exported/,
    );
    await expect(node(`await import('agent-task-contracts/node')`, ['browser'])).rejects.toThrow(
      /ERR_PACKAGE_PATH_NOT_EXPORTED|not exported/,
    );
    await expect(node(`await import('agent-task-contracts/conformance')`, ['browser'])).rejects.toThrow(
      /ERR_PACKAGE_PATH_NOT_EXPORTED|not exported/,
    );
  });

  it('msw is a peer: installed beside an app on an older msw 2 (2.12), one copy serves both and the handlers intercept', async () => {
    const app = join(dir, 'app-msw-2.12');
    await run('mkdir', ['-p', app]);
    await writeFile(
      join(app, 'package.json'),
      JSON.stringify({ name: 'app', private: true, type: 'module', dependencies: { msw: '2.12.9' } }),
    );
    await run('npm', ['install', tarball, '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts'], {
      cwd: app,
      maxBuffer: 64 * 1024 * 1024,
    });
    const { stdout: tree } = await run('npm', ['ls', 'msw', '--all', '--parseable'], { cwd: app });
    expect(
      tree
        .trim()
        .split('\n')
        .filter((line) => line.includes('node_modules/msw')),
    ).toHaveLength(1);
    const { stdout } = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `
      import { setupServer } from 'msw/node';
      import { handlers } from 'agent-task-contracts/handlers';
      const server = setupServer(...handlers);
      server.listen({ onUnhandledRequest: 'error' });
      const res = await fetch('https://ark.cn-beijing.volces.com/api/v3/sessions/sesn-demo/tasks?limit=3');
      const { version } = (await import('msw/package.json', { with: { type: 'json' } })).default;
      console.log(JSON.stringify({ status: res.status, items: (await res.json()).items.length, version }));
      server.close();`,
      ],
      { cwd: app },
    );
    expect(JSON.parse(stdout)).toEqual({ status: 200, items: 3, version: '2.12.9' });
  }, 180_000);

  it('the Playwright entry loads beside @playwright/test (an optional peer) and its client drives a server', async () => {
    const app = join(dir, 'app-playwright');
    await run('mkdir', ['-p', app]);
    await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    const versionOf = async (name: string) =>
      (JSON.parse(await readFile(join(root, `node_modules/${name}/package.json`), 'utf8')) as { version: string })
        .version;
    await run(
      'npm',
      [
        'install',
        tarball,
        `@playwright/test@${await versionOf('@playwright/test')}`,
        `msw@${await versionOf('msw')}`,
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        '--ignore-scripts',
      ],
      { cwd: app, maxBuffer: 64 * 1024 * 1024 },
    );
    const { stdout } = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `
      const { test, expect } = await import('agent-task-contracts/playwright');
      const { MockApp, connectMock, startServer } = await import('agent-task-contracts/node');
      const server = await startServer(await MockApp.create(), { host: '127.0.0.1', port: 0 });
      const mock = await connectMock(server.url);
      await mock.addTasks('ark', 'sesn-x', [{ state: 'unknown' }]);
      const page = await (await fetch(mock.baseUrl.ark + '/sessions/sesn-x/tasks')).json();
      const refused = await mock.setFaults(['ark.nope']).then(() => 'accepted', (e) => e.name);
      await mock.reset();
      const after = (await fetch(mock.baseUrl.ark + '/sessions/sesn-x/tasks')).status;
      await server.close();
      console.log(JSON.stringify({ test: typeof test.extend, expect: typeof expect, states: page.items.map((t) => t.state), refused, after }));`,
      ],
      { cwd: app },
    );
    expect(JSON.parse(stdout)).toEqual({
      test: 'function',
      expect: 'function',
      states: ['unknown'],
      refused: 'ControlError',
      after: 404,
    });
  }, 180_000);

  it('the packed types refuse misspellings: defineScenario, fault ids, the mock client', async () => {
    const probe = join(dir, 'types-probe');
    await run('mkdir', ['-p', probe]);
    await writeFile(
      join(probe, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
        },
        // first.ts first: the example's ApiTypes entry must hold whichever file the compiler reads first.
        files: ['first.ts', 'probe.ts'],
      }),
    );
    await writeFile(
      join(probe, 'first.ts'),
      `import jobs, { type Job } from 'agent-task-contracts/examples/jobs';
import { BUILTIN_APIS, createHandlers } from 'agent-task-contracts/handlers';
export const first = createHandlers({ apis: { ...BUILTIN_APIS, jobs }, faults: ['jobs.order-newest-first'] });
export const firstAdded: Promise<Job[]> = first.addTasks('jobs', 'ses_f', [{ status: 'queued' }]);
// @ts-expect-error a misspelt fault of the example's API
createHandlers({ apis: { ...BUILTIN_APIS, jobs }, faults: ['jobs.order-newest-frist'] });
`,
    );
    await writeFile(
      join(probe, 'probe.ts'),
      `import { defineScenario } from 'agent-task-contracts/scenarios';
import { BUILTIN_APIS, createHandlers } from 'agent-task-contracts/handlers';
import type { RemoteMock } from 'agent-task-contracts/node';
defineScenario({ name: 'x', api: 'ark', tasks: [{ session: 's', task: { task_id: 't', state: 'running' } }], timeline: [{ set: { t: { state: 'unknown' } }, faults: ['ark.order-newest-first'] }] });
// @ts-expect-error a state Ark does not have
defineScenario({ name: 'x', api: 'ark', timeline: [{ set: { t: { state: 'completed' } } }] });
// @ts-expect-error a misspelt field
defineScenario({ name: 'x', api: 'everruns', tasks: [{ session: 's', task: { stat: 'running' } }], timeline: [] });
// @ts-expect-error another API's fault
defineScenario({ name: 'x', api: 'ark', timeline: [{ faults: ['everruns.not-a-server-error'] }] });
// @ts-expect-error a misspelt fault id
createHandlers({ faults: ['ark.order-newest-frist'] });
declare const mock: RemoteMock;
// @ts-expect-error a misspelt fault id
void mock.setFaults(['ark.order-newest-frist']);
// @ts-expect-error a misspelt library scenario
void mock.playScenario('ark-unknown-come-back');
import jobs from 'agent-task-contracts/examples/jobs';
import { defineApi, type ApiModule } from 'agent-task-contracts/kit';
const module: ApiModule = defineApi(jobs);
const apis = { ...BUILTIN_APIS, jobs: module };
export async function addJobs(): Promise<string[]> {
  const app = await createHandlers({ apis, apiNames: [module.contract.api] }).app();
  const added = await app.addTasks('jobs', 'ses_a', [{ status: 'running' }]);
  return added.map((job) => String(job.id));
}
// The example's ApiTypes entry types its added tasks and faults like a built-in API's, with no cast.
import type { Job } from 'agent-task-contracts/examples/jobs';
export const jobsMock = createHandlers({ apis, apiNames: ['jobs'], faults: ['jobs.order-newest-first'] });
export const typedJobs: Promise<Job[]> = jobsMock.addTasks('jobs', 'ses_a', [{ status: 'failed' }]);
// @ts-expect-error a misspelt fault of the example's API
createHandlers({ apis, faults: ['jobs.order-newest-frist'] });
// @ts-expect-error a status the jobs API does not document
void jobsMock.addTasks('jobs', 'ses_a', [{ status: 'paused' }]);
`,
    );
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    await expect(run(process.execPath, [tsc, '-p', probe], { cwd: probe })).resolves.toBeDefined();
  }, 120_000);

  it('npx agent-task-contracts mock serves the APIs from the installed package', async () => {
    const child = spawn(join(dir, 'node_modules/.bin/agent-task-contracts'), ['mock', '--port', '0'], { cwd: dir });
    try {
      const url = await listeningUrl(child);
      const page = (await (await fetch(`${url}/ark/sessions/sesn-demo/tasks?limit=2`)).json()) as { items: unknown[] };
      expect(page.items).toHaveLength(2);
    } finally {
      child.kill();
    }
  }, 60_000);

  it('the bin runs', async () => {
    const { stdout } = await run(join(dir, 'node_modules/.bin/agent-task-contracts'), ['--help'], { cwd: dir });
    expect(stdout).toContain('usage: agent-task-contracts <command>');
    const gen = await run(
      join(dir, 'node_modules/.bin/agent-task-contracts'),
      ['generate', '--api', 'jsonrpc', '--what', 'task', '--count', '2'],
      { cwd: dir },
    );
    expect(gen.stdout.trim().split('\n')).toHaveLength(2);
  });

  it('generate on two threads (the installed bundle and its helper) writes the lines of one', async () => {
    const bin = join(dir, 'node_modules/.bin/agent-task-contracts');
    const args = ['generate', '--api', 'praxis', '--what', 'task', '--count', '40000', '--seed', '11'];
    const env = { ...process.env, ATC_GENERATE_TRACE: '1' };
    const one = await run(bin, [...args, '--threads', '1'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
    expect(one.stdout.split('\n')).toHaveLength(40001);
    // 79 blocks of 512: the helper draws some of them (the main thread takes the first), and none fails.
    // How many is a race with the helper's start: on a loaded machine the main thread may draw them all
    // before it, so the run is made again (three at most) until it has drawn some; every run writes the same.
    const drawnByHelper: number[] = [];
    while (drawnByHelper.length < 3 && !drawnByHelper.some((n) => n > 0)) {
      const two = await run(bin, [...args, '--threads', '2'], { cwd: dir, env, maxBuffer: 64 * 1024 * 1024 });
      expect(two.stdout === one.stdout).toBe(true);
      const trace = /^generate: 79 blocks, (\d+) drawn by helper threads \(--threads 2\)\n$/.exec(two.stderr);
      expect(trace, two.stderr).not.toBeNull();
      drawnByHelper.push(Number(trace![1]));
    }
    expect(Math.max(...drawnByHelper), `blocks drawn by the helper, run by run: ${drawnByHelper}`).toBeGreaterThan(0);
    expect(Math.max(...drawnByHelper)).toBeLessThan(79);
    // Objects that keep a record of the run's ids are drawn on one thread, and the user is told why.
    const edge = await run(bin, ['generate', '--api', 'praxis', '--what', 'session', '--edge', '--threads', '2'], {
      cwd: dir,
    });
    expect(edge.stdout.trim().split('\n')).toHaveLength(10);
    expect(edge.stderr).toBe(
      'note: --threads 2: drawn on one thread: these objects keep their ids unique with a record of the whole run ' +
        "(--edge, --break, or an API's own ids)\n",
    );
  }, 60_000);

  it('Ctrl-C stops a long generate at once, on one thread or two', async () => {
    const bin = join(dir, 'node_modules/.bin/agent-task-contracts');
    for (const threads of ['1', '2']) {
      const args = ['generate', '--api', 'praxis', '--what', 'session', '--count', '1000000', '--threads', threads];
      const child = spawn(bin, args, { cwd: dir });
      const started = Date.now();
      // Once lines come, the run is drawing: a million sessions would take it 10 s or more.
      await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
      const ended = new Promise<NodeJS.Signals | number | null>((resolve) =>
        child.once('exit', (code, signal) => resolve(signal ?? code)),
      );
      child.stdout.resume();
      child.kill('SIGINT');
      expect(await ended, `--threads ${threads}`).toBe('SIGINT');
      expect(Date.now() - started, `--threads ${threads}`).toBeLessThan(5_000);
    }
  }, 60_000);

  /** A fenced block of an installed page, as written: the first whose info string is `info`. */
  async function installedBlock(page: string, info: string): Promise<string> {
    const text = await readFile(join(dir, 'node_modules/agent-task-contracts', page), 'utf8');
    const block = new RegExp(`^\`\`\`${info}\n([\\s\\S]*?)^\`\`\`$`, 'm').exec(text)?.[1];
    if (block === undefined) throw new Error(`no \`\`\`${info} block in the installed ${page}`);
    return block;
  }

  /** The commands of an installed page's block, continuation lines joined. */
  const commandsOf = (block: string) =>
    block
      .replace(/\\\n\s*/g, '')
      .trim()
      .split('\n');

  it("the README's Node example runs from the tarball as written, printing what its comment says", async () => {
    const code = await installedBlock('README.md', 'js run:node');
    expect(code.trim().split('\n').length).toBeLessThanOrEqual(5);
    await writeFile(join(dir, 'demo.mjs'), code);
    const { stdout } = await run(process.execPath, ['demo.mjs'], { cwd: dir });
    const printed = /console\.log\(.*\); \/\/ (.+)$/m.exec(code)?.[1];
    expect(printed).toBeDefined();
    expect(stdout.trim()).toBe(printed);
  });

  it("the README's standalone server and conform lines run from the tarball as written", async () => {
    const [mockLine, ...curls] = commandsOf(await installedBlock('README.md', 'sh run:standalone'));
    const conforms = commandsOf(await installedBlock('README.md', 'sh run:conform'));
    expect(conforms).toHaveLength(2);
    // The guide's first run is the README's.
    expect(await installedBlock('docs/conformance.md', 'sh')).toContain(conforms[0]);
    // On a free port instead of 4010 (other suites listen too); the other lines follow it.
    const child = spawn('bash', ['-c', `exec ${mockLine!.replace('--port 4010', '--port 0')}`], {
      cwd: dir,
      detached: true,
    });
    try {
      const url = await listeningUrl(child);
      const at = (line: string) => line.replaceAll('http://127.0.0.1:4010', url);
      const sh = (line: string, env: Record<string, string> = {}) =>
        run('bash', ['-c', at(line)], { cwd: dir, env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 });
      const outputs: unknown[] = [];
      for (const line of curls) outputs.push(JSON.parse((await sh(line)).stdout));
      expect((outputs[0] as { items: unknown[] }).items).toHaveLength(3);
      expect((outputs.at(-1) as { items: { state: string }[] }).items.map((task) => task.state)).toEqual(['unknown']);
      // Against the mock: exit 0. The second line as a CI job runs it, its variables set.
      expect((await sh(conforms[0]!)).stdout).toMatch(/\d+ passed, 0 failed/);
      const env = { ARK_URL: `${url}/ark`, ARK_SESSION: 'sesn-demo', ARK_API_KEY: 'not-a-key' };
      await sh(conforms[1]!, env);
      expect(await readFile(join(dir, 'conformance.xml'), 'utf8')).toMatch(/<testsuite [^>]*failures="0"/);
    } finally {
      process.kill(-child.pid!);
    }
  }, 120_000);

  it('the README stays a page that starts a user: at most 250 lines, the rest in the guides', async () => {
    const lines = (await readFile(join(dir, 'node_modules/agent-task-contracts/README.md'), 'utf8')).split('\n');
    expect(lines.length, 'move detail from README.md to a guide under docs/').toBeLessThanOrEqual(251);
  });

  it("the README's module of its own runs from the tarball as written: both lists served, judged, a fault caught", async () => {
    // Saved where the package is installed, as a reader saves them in their project.
    for (const [file, language] of [
      ['tickets.openapi.yaml', 'yaml'],
      ['tickets.mjs', 'js'],
    ] as const)
      await writeFile(
        join(dir, file),
        await installedBlock('README.md', `${language} file:${file.replaceAll('.', '\\.')}`),
      );
    const [mockLine, addTasks, rpcCall, conform] = commandsOf(await installedBlock('README.md', 'sh run:module'));
    const started = async (extra: string) => {
      const line = `exec ${mockLine!.replace('--port 4010', '--port 0')}${extra}`;
      const child = spawn('bash', ['-c', line], { cwd: dir, detached: true });
      const url = await listeningUrl(child);
      const sh = (command: string) =>
        run('bash', ['-c', command.replaceAll('http://127.0.0.1:4010', url)], { cwd: dir });
      return { child, sh };
    };
    const judged = async (extra: string) => {
      const { child, sh } = await started(extra);
      try {
        expect(JSON.parse((await sh(addTasks!)).stdout).tasks).toBeDefined();
        const answer = JSON.parse((await sh(rpcCall!)).stdout) as { jsonrpc: string; result: { queue: string }[] };
        expect([answer.jsonrpc, answer.result.map((ticket) => ticket.queue)]).toEqual(['2.0', ['q1', 'q1']]);
        return await sh(conform!).then(
          ({ stdout }) => ({ code: 0, stdout }),
          (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
        );
      } finally {
        process.kill(-child.pid!);
      }
    };
    const correct = await judged('');
    expect(correct.code, correct.stdout).toBe(0);
    // Both operations are judged, the offset walk among them.
    expect(correct.stdout).toMatch(/listTickets: parameters sent .*offset/);
    expect(correct.stdout).toMatch(/listTicketsRpc: parameters sent .*offset/);
    const broken = await judged(' --fault tickets.order-newest-first');
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(/✗ tickets\.order-newest-first[^\n]*\n[\s\S]*?request: curl -sS 'http:\/\/127/);
  }, 120_000);

  it("the guide's module example runs from the tarball: HTTP, MSW, generated jobs, conform catching a fault", async () => {
    const app = join(dir, 'app-jobs');
    await run('mkdir', ['-p', join(app, 'node_modules')]);
    await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    // The installed package and msw (its peer) from the consumer; vitest is the checkout's.
    await run('ln', ['-s', join(dir, 'node_modules/agent-task-contracts'), join(app, 'node_modules/')]);
    await run('ln', ['-s', join(dir, 'node_modules/msw'), join(app, 'node_modules/')]);
    await run('ln', ['-s', join(root, 'node_modules/vitest'), join(app, 'node_modules/')]);
    await writeFile(join(app, 'jobs.test.ts'), await installedBlock('docs/adding-an-api.md', 'ts test:jobs-module'));
    const { stdout } = await run(
      process.execPath,
      [join(app, 'node_modules/vitest/vitest.mjs'), 'run', '--root', app],
      {
        cwd: app,
        env: { ...process.env, NO_COLOR: '1' },
      },
    );
    expect(stdout).toMatch(/Tests\s+5 passed/);
  }, 120_000);

  it("the guide's module commands run from the tarball as written: generate, mock --api with a fault, addTasks, conform", async () => {
    const lines = (await installedBlock('docs/adding-an-api.md', 'sh')).trim().split('\n');
    const api = lines.find((l) => l.startsWith('API='))!;
    const command = (name: string) => {
      const line = lines.find((l) => l.startsWith(`${name} `) || l.includes(` ${name} `));
      if (line === undefined) throw new Error(`no ${name} line in the guide's sh block`);
      return line;
    };
    const sh = (line: string) => run('bash', ['-c', `${api}\n${line}`], { cwd: dir, maxBuffer: 16 * 1024 * 1024 });
    const generated = (await sh(command('generate'))).stdout.trim().split('\n');
    expect(generated.map((line) => Object.keys(JSON.parse(line) as object).sort())[0]).toEqual([
      'command',
      'created_at',
      'exit_code',
      'finished_at',
      'id',
      'session_id',
      'status',
    ]);
    expect(generated).toHaveLength(3);
    // The mock on a free port instead of 4010 (other suites listen too); the other lines follow it.
    for (const fault of [true, false]) {
      const mockLine = command('mock')
        .replace('--port 4010', '--port 0')
        .replace(fault ? /$/ : / --fault \S+/, '');
      // Its own process group: npx runs the mock as a child of its own, which killing npx alone leaves running.
      const child = spawn('bash', ['-c', `${api}\nexec ${mockLine}`], { cwd: dir, detached: true });
      try {
        const url = await listeningUrl(child);
        const at = (line: string) => line.replaceAll('http://127.0.0.1:4010', url);
        await sh(at(command('curl')));
        // As written with the fault; the guide's "without --fault it exits 0" with fewer runs and polls.
        const conformLine = at(command('conform')) + (fault ? '' : ' --runs 10 --polls 1');
        const conform = await sh(conformLine).then(
          (r) => ({ code: 0, out: r.stdout }),
          (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
        );
        expect(conform.code, conform.out).toBe(fault ? 1 : 0);
        if (fault) expect(conform.out).toContain('jobs.order-newest-first');
      } finally {
        process.kill(-child.pid!);
      }
    }
  }, 240_000);
});
