/**
 * Exact evidence. For every fault the mock can inject (a sample of each kind in `npm test`, all in
 * `npm run test:full`): the runner reports it under its id, and
 * every request it prints for that violation, run as printed (curl in a shell, headers through
 * the same $ATC_HEADER_… variables), gets an answer that shows the same violation when judged
 * again: one page by the page laws (and then by the matcher too), the pages of a walk by the walk
 * laws, a refusal by the error laws. A sample of replay lines runs as printed too, and replay
 * lines start with the command the CLI was invoked by.
 */

import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltinApiName } from '../../src/apis/index.js';
import { requestsOf } from '../../src/conformance/curl.js';
import { DEFAULT_REPLAY_COMMAND, invocationOf } from '../../src/conformance/invocation.js';
import { renderJunit, renderText } from '../../src/conformance/report.js';
import type { ReportedViolation } from '../../src/conformance/types.js';
import { isEventStream, responseInStream } from '../../src/contract/event-stream.js';
import { jsonRpcBinding, judgedAnswer, refusedHeaders } from '../../src/contract/json-rpc.js';
import { type ErrorExpectation, type Exchange, lawsOf, type Subjects } from '../../src/contract/laws/index.js';
import type { Judgement, Law } from '../../src/contract/laws/types.js';
import {
  fieldValue,
  idOf,
  itemsOf,
  type ListOperation,
  operationsOf,
  pagingParams,
} from '../../src/contract/operations.js';
import { isObject } from '../../src/contract/rules/check-helpers.js';
import type { JsonObject } from '../../src/contract/rules/types.js';
import { runConformance } from '../../src/entries/conformance.js';
import { judgeResponse } from '../../src/entries/matchers.js';
import { allFaults, type FaultId } from '../../src/handlers/faults/index.js';
import { nextCursor } from '../../src/http/paging.js';
import { BUILTIN, faultLaw } from '../helpers/apis.js';
import { FULL } from '../helpers/breadth.js';
import { forward, hostile } from '../helpers/hostile.js';
import { DEMO_SESSIONS, startMock } from '../helpers/mock-server.js';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const SECRET = 'Bearer sk-replay-never-printed';
const ENV = { ...process.env, ATC_HEADER_AUTHORIZATION: SECRET };

let mock: Awaited<ReturnType<typeof startMock>>;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(async () => {
  await mock.server.close();
});

const apiOf = (fault: string) => fault.split('.')[0] as BuiltinApiName;

/**
 * The operations whose laws a fault breaks, and those that list their sessions: only they are walked
 * (`conform --operation`); the others would cost time and show nothing of the fault.
 */
const operationsBroken = (fault: string) =>
  operationsOf(apiOf(fault), BUILTIN)
    .filter((op) => lawsOf(op).some((law) => law.id === fault))
    .flatMap((op) => [op.operationId, ...(op.session.in === 'path' ? [op.session.discoveredFrom?.operationId] : [])])
    .filter((id) => id !== undefined);

async function conform(fault: string, replayCommand?: string) {
  mock.app.faults = new Set([fault]);
  const api = apiOf(fault);
  try {
    return await runConformance({
      api,
      baseUrl: mock.base(api),
      session: DEMO_SESSIONS[api],
      operations: operationsBroken(fault),
      seed: 5,
      runs: 10,
      polls: 2,
      pollIntervalMs: 10,
      headers: { Authorization: SECRET },
      // Drift is a warning unless asked for: the drift faults are judged with --fail-on-drift.
      failOnDrift: fault.endsWith('.no-undocumented-fields'),
      ...(replayCommand ? { replayCommand } : {}),
    });
  } finally {
    mock.app.faults = new Set();
  }
}

/** An answer as the laws judge it, and for a JSON-RPC call what the matcher is given: the response and the call. */
type Answer = Exchange & { call?: { message: unknown; params: Record<string, unknown> } };

/**
 * Runs one printed curl line in a shell, asking curl for the status and content type after the body. A JSON-RPC
 * call's answer (in an event stream where it came as one) is judged as a GET's: its result a 200, its params the
 * query.
 */
async function answerOf(curl: string): Promise<Answer> {
  const { stdout } = await run('bash', ['-c', `${curl} -w '\\n%{http_code}\\n%{content_type}'`], {
    env: ENV,
    timeout: 30_000,
  });
  const lines = stdout.split('\n');
  const contentType = lines.pop() || null;
  const status = Number(lines.pop());
  const text = lines.join('\n');
  const url = /curl -sS (?:-X POST )?'([^']*)'/.exec(curl.split(' && ').at(-1)!)![1]!;
  let body: unknown;
  try {
    body = JSON.parse(isEventStream(contentType) ? (responseInStream(text) ?? text) : text);
  } catch {
    body = undefined;
  }
  const data = /--data '([^']*)'$/.exec(curl)?.[1];
  if (data === undefined)
    return { url, query: [...new URL(url).searchParams], status, contentType, body, bodyText: text };
  const params = ((JSON.parse(data) as { params?: Record<string, unknown> }).params ?? {}) as Record<string, unknown>;
  const judged = judgedAnswer(status, body);
  const query = Object.entries(params).map(([k, value]) => [k, String(value)] as [string, string]);
  return { url, query, status: judged.status, contentType, body: judged.body, call: { message: body, params } };
}

type Check<S extends keyof Subjects> = (subject: Subjects[S]) => Judgement;
const found = <S extends keyof Subjects>(law: Law, scope: S, subject: Subjects[S]) =>
  ((law.checks[scope] as Check<S> | undefined)?.(subject).violations ?? []).map((v) => v.message);

function walkOf(op: ListOperation, pages: readonly Exchange[]): Subjects['walk']['walk'] {
  return {
    pages,
    cursors: pages.map(
      (page) => nextCursor(op, page, page.query as [string, string][], itemsOf(op, page.body) ?? [])?.cursor,
    ),
  };
}

/** The refusal a law's error check expects, read from the operation as the refusals phase reads it. */
function expectationOf(op: ListOperation, law: Law, exchange: Exchange): ErrorExpectation {
  // A refused parameter's, or a refused header's (A2A-Version: 99.0).
  const rejected = [...op.rejected, ...refusedHeaders(op).map((h) => h.rejected)].find(
    (r) => `${op.lawPrefix}.${r.law}` === law.id,
  );
  if (rejected)
    return { law: law.id, status: rejected.status, ...(rejected.errorType ? { errorType: rejected.errorType } : {}) };
  if (op.paging.kind === 'token' && op.paging.boundToQuery)
    return { law: law.id, status: op.paging.boundToQuery.status };
  if (op.unknownSession) return { law: law.id, status: op.unknownSession.status };
  return { law: law.id, status: exchange.status };
}

/** What the answers to a violation's printed requests show, judged again by the law it names. */
function judgedAgain(op: ListOperation, law: Law, v: ReportedViolation, answers: Exchange[]): string[] {
  const session = op.session.in === 'none' ? undefined : (DEMO_SESSIONS[op.api as BuiltinApiName] ?? undefined);
  const out: string[] = [];
  for (const exchange of answers) {
    out.push(...found(law, 'page', { exchange, ...(session ? { session } : {}) }));
    out.push(...found(law, 'error', { exchange, expected: expectationOf(op, law, exchange) }));
  }
  const ok = answers.filter((a) => a.status === 200);
  if (ok.length > 0) out.push(...found(law, 'walk', { walk: walkOf(op, ok) }));
  const items = ok.flatMap((a) => itemsOf(op, a.body) ?? []).filter(isObject);
  out.push(...found(law, 'seen', { items: [...new Map(items.map((i) => [idOf(op, i), i])).values()] }));
  if (law.checks.resized && op.limit) {
    const limit = op.limit.param;
    const sizes = [...new Set(ok.map((a) => a.query.find(([k]) => k === limit)?.[1]))];
    const walks = sizes.map((size) =>
      walkOf(
        op,
        ok.filter((a) => a.query.find(([k]) => k === limit)?.[1] === size),
      ),
    );
    if (walks.length === 2)
      out.push(
        ...found(law, 'resized', { walks: [walks[0]!, walks[1]!], sizes: [String(sizes[0]), String(sizes[1])] }),
      );
  }
  if (law.checks.comparison) {
    // A filtered walk, then the walk beside it: the pages of each share their query but for the cursor.
    const paging = new Set(pagingParams(BUILTIN));
    const queryOf = (a: Exchange) => a.query.filter(([k]) => !paging.has(k));
    const groups = [...new Set(ok.map((a) => JSON.stringify(queryOf(a))))];
    if (groups.length === 2) {
      const [filtered, baseline] = groups.map((g) => ok.filter((a) => JSON.stringify(queryOf(a)) === g));
      const objects = (pages: Exchange[]) => pages.flatMap((a) => itemsOf(op, a.body) ?? []).filter(isObject);
      out.push(
        ...found(law, 'comparison', {
          query: queryOf(filtered![0]!),
          baselineQuery: queryOf(baseline![0]!),
          filtered: objects(filtered!),
          baseline: objects(baseline!),
        }),
      );
    }
  }
  if (law.checks.cursor && op.paging.kind === 'item-id')
    for (const exchange of ok)
      for (const [side, param] of [
        ['after', op.paging.afterParam],
        ['before', op.paging.beforeParam],
      ] as const) {
        const pivot = exchange.query.find(([k]) => k === param)?.[1];
        if (pivot) out.push(...found(law, 'cursor', { side, pivot, order: [], exchange }));
      }
  if (law.checks.observation) {
    // The earlier read is gone; the printed request is the later one: it lists the object the
    // message names, in the state the violation reports.
    const after = isObject(v.value) && 'to' in v.value ? v.value.to : v.value;
    for (const item of items)
      if (
        v.message.includes(idOf(op, item)) &&
        JSON.stringify(fieldValue(item, v.instancePath)) === JSON.stringify(after)
      )
        out.push(v.message);
  }
  if (law.checks.linked && op.sessionLink) {
    // The printed request asks for the linked session's list: its answer alone shows it missing.
    const { field } = op.sessionLink;
    for (const exchange of answers)
      out.push(...found(law, 'linked', { field, id: String(v.value), from: 'the task', state: 'running', exchange }));
  }
  if (law.checks.reads) {
    // The printed requests are reads of one list in order: a read starts with a request that sends
    // no cursor, or after a page that offered none. Each read is judged beside those before it, as
    // the run judged each read when it was made; those with the last read's query are plain.
    const paging = new Set(pagingParams(BUILTIN));
    const queryOf = (a: Exchange) => JSON.stringify(a.query.filter(([k]) => !paging.has(k)));
    const walks: Exchange[][] = [];
    for (const a of ok) {
      const current = walks[walks.length - 1];
      const ended = current === undefined || walkOf(op, current).cursors.at(-1) === undefined;
      if (ended || !a.query.some(([k]) => paging.has(k))) walks.push([a]);
      else current.push(a);
    }
    const reads = walks.map((pages) => ({
      walk: walkOf(op, pages),
      plain: queryOf(pages[0]!) === queryOf(ok.at(-1)!),
    }));
    for (let last = 1; last <= reads.length; last++)
      if (reads[last - 1]!.plain) out.push(...found(law, 'reads', { reads: reads.slice(0, last) }));
  }
  if (law.checks.reread) {
    // As for a change over time: the earlier read is gone, and the printed requests list the object under its new id.
    const to = isObject(v.value) ? v.value.to : undefined;
    if (typeof to === 'string' && items.some((item) => idOf(op, item) === to)) out.push(v.message);
  }
  return out;
}

/**
 * The faults judged here. Each costs a whole run: all of them (`npm run test:full`, which CI runs) take
 * minutes, so `npm test` takes a fault for each kind of printed request (a GET or a JSON-RPC call, by
 * paging kind), for each way it is judged again (the scopes its law checks) and for drift, on each API:
 * each kind still runs as printed, beside some other kind of each of the others.
 */
function faultsJudged(): FaultId[] {
  const all = allFaults(BUILTIN);
  if (FULL) return all;
  const covered = new Set<string>();
  return all.filter((fault) => {
    const { op, scopes } = faultLaw(fault);
    const kinds = [
      `${jsonRpcBinding(op) ? 'a call' : 'a GET'} paged by ${op.paging.kind}`,
      `judged again by ${scopes.join(',')}`,
      `drift: ${fault.endsWith('.no-undocumented-fields')}`,
      `on ${apiOf(fault)}`,
    ];
    const adds = kinds.some((kind) => !covered.has(kind));
    if (adds) for (const kind of kinds) covered.add(kind);
    return adds;
  });
}

describe('every fault: caught by its id, and the requests printed for it show it when run as printed', () => {
  for (const fault of faultsJudged()) {
    it(fault, async () => {
      const result = await conform(fault);
      expect(result.exitCode).toBe(1);
      const violations = result.violations.filter((v) => v.law === fault);
      expect(violations.map((v) => v.law)).toContain(fault);
      // One bug under the law it breaks: a walk that loses tasks to paging, filtered or not, is a paging
      // violation; a filtered walk that loses one the filter matches says nothing of the filter.
      if (fault.endsWith('.paging-skips-nothing'))
        expect(result.violations.filter((v) => /\.filter-/.test(v.law)).map((v) => v.message)).toEqual([]);
      for (const v of violations) {
        const op = operationsOf(apiOf(fault), BUILTIN).find((o) => o.operationId === v.operation)!;
        const law = lawsOf(op).find((l) => l.id === fault)!;
        const requests = requestsOf(v);
        for (const r of requests) expect(r).toContain('"Authorization: $ATC_HEADER_AUTHORIZATION"');
        mock.app.faults = new Set([fault]);
        // A fault that strikes some requests only (a 500 on every third) may take a few runs.
        let answers: Answer[] = [];
        let again: string[] = [];
        for (let attempt = 0; attempt < 3 && again.length === 0; attempt++) {
          answers = [];
          for (const r of requests) answers.push(await answerOf(r));
          again = judgedAgain(op, law, v, answers);
        }
        // One page shows it: the matcher, given that answer and its URL, fails it too.
        const single = answers.length === 1 && answers[0]!.status === 200 && law.checks.page && again.length > 0;
        const matched = single
          ? await judgeResponse(
              op.api,
              op.operationId as never,
              answers[0]!.call
                ? { ...answers[0]!, body: answers[0]!.call.message, params: answers[0]!.call.params }
                : { ...answers[0]!, url: answers[0]!.url },
              {
                failOnDrift: true,
              },
            )
          : undefined;
        mock.app.faults = new Set();
        expect(again, `${v.message}\n${requests.join('\n')}`).not.toEqual([]);
        if (matched) expect(matched.map((m) => m.law)).toContain(fault);
      }
    }, 60_000);
  }
});

describe('the known case: an oldest-first page', () => {
  it('ark.order-newest-first prints the page it names, and a page that shows it is what whoever runs it sees', async () => {
    const result = await conform('ark.order-newest-first');
    const v = result.violations.find((x) => x.law === 'ark.order-newest-first')!;
    expect(v.message).toContain('on the same page');
    expect(v.requests).toBeUndefined();
    mock.app.faults = new Set(['ark.order-newest-first']);
    const answer = await answerOf(v.curl);
    mock.app.faults = new Set();
    const op = operationsOf('ark', BUILTIN)[0]!;
    const created = (itemsOf(op, answer.body) as JsonObject[]).map((t) => Number(t.created_at));
    expect(created.length).toBeGreaterThan(1);
    expect(created.some((c, i) => i > 0 && c > created[i - 1]!)).toBe(true);
  }, 60_000);

  it('a duplicate across pages prints both pages, in the order to run them', async () => {
    const result = await conform('ark.no-duplicates-across-pages');
    const v = result.violations.find((x) => x.law === 'ark.no-duplicates-across-pages')!;
    expect(v.requests).toHaveLength(2);
    expect(v.curl).toBe(v.requests![1]);
    expect(v.requests![0]).not.toContain('cursor=');
    expect(v.requests![1]).toContain('cursor=');
  }, 60_000);
});

describe('a change between two reads', () => {
  it('prints both reads in the order to run them, and how far apart the run read them', async () => {
    // The fault strikes from a walk on: a mock other cases walked is first put back as it started.
    await mock.app.reset();
    const result = await conform('everruns.immutable-fields');
    const v = result.violations.find((x) => x.law === 'everruns.immutable-fields')!;
    expect(v.requests).toHaveLength(2);
    expect(v.curl).toBe(v.requests![1]);
    expect(v.apartMs).toBeGreaterThanOrEqual(0);
    const text = renderText(result);
    expect(text).toContain('requests (run in this order, 2; the run read the second ');
    expect(text).toContain('after the first, and the server may have moved on since):');
    expect(renderJunit(result)).toContain('the server may have moved on since');
  }, 60_000);

  it('an object renamed between two reads of its list: the page of each read that lists it, in order', async () => {
    // Everruns lists a session's tasks on one page: its two reads are one request made twice.
    await mock.app.reset();
    const result = await conform('everruns.ids-stable');
    const v = result.violations.find((x) => x.law === 'everruns.ids-stable')!;
    expect(v.requests).toHaveLength(2);
    expect(v.requests![0]).toBe(v.requests![1]);
    expect(v.apartMs).toBeGreaterThanOrEqual(0);
    expect(v.message).toMatch(/^task_\w+ is listed as task_\w+x when the list is read again/);
    // Ark's list takes pages: of both reads' requests, only the page each read lists the task on.
    await mock.app.reset();
    const paged = (await conform('ark.ids-stable')).violations.find((x) => x.law === 'ark.ids-stable')!;
    expect(paged.requests).toHaveLength(2);
    expect(paged.requests!.every((r) => !r.includes('cursor='))).toBe(true);
  }, 60_000);

  it('an object renamed only at another page size: the two whole reads of the page-size probe', async () => {
    // No poll reads the list again (polls: 1): only the probe's walks at two page sizes are two reads.
    await mock.app.reset();
    const listed = await fetch(`${mock.base('ark')}/sessions/sesn-demo/tasks?limit=100`).then((r) => r.json());
    const id = (listed as { items: { task_id: string }[] }).items[1]!.task_id;
    const server = await hostile((req, res) => {
      const sized = new URL(req.url!, 'http://x').searchParams.has('limit');
      void forward(res, `${mock.server.url}${req.url}`, (body) => (sized ? body.split(id).join(`${id}x`) : body));
    });
    const result = await runConformance({
      api: 'ark',
      baseUrl: `${server.url}/ark`,
      session: 'sesn-demo',
      seed: 5,
      runs: 10,
      polls: 1,
    });
    await server.close();
    const v = result.violations.find((x) => x.law === 'ark.ids-stable');
    expect(v?.message).toMatch(new RegExp(`^${id} is listed as ${id}x when the list is read again`));
    expect(v!.requests).toHaveLength(2);
    expect(v!.requests![0]).not.toContain('limit=');
    expect(v!.requests![1]).toContain('limit=');
  }, 60_000);
});

describe('replay lines', () => {
  let bin: string;
  beforeAll(async () => {
    // The command a person has on PATH after installing the package globally, pointed at this checkout.
    bin = await mkdtemp(join(tmpdir(), 'atc-bin-'));
    const shim = join(bin, 'agent-task-contracts');
    await writeFile(shim, `#!/bin/sh\nexec "${ROOT}/node_modules/.bin/tsx" "${ROOT}/src/cli/entry.ts" "$@"\n`);
    await chmod(shim, 0o755);
  });
  afterAll(async () => {
    await rm(bin, { recursive: true, force: true });
  });

  const KINDS: [kind: string, fault: string, property: boolean][] = [
    ['combination walk', 'ark.filter-session_thread_id', false],
    ['combination walk with a fixed query (JSON-RPC session)', 'jsonrpc.filter-status', false],
    ['walk', 'ark.no-duplicates-across-pages', false],
    ['documented refusal', 'ark.invalid-limit-rejected', false],
  ];
  for (const [kind, fault, property] of KINDS) {
    it(`${kind}: ${fault} runs as printed and fails the same rule`, async () => {
      const api = apiOf(fault);
      const session = api === 'jsonrpc' ? 'demo' : 'sesn-demo';
      mock.app.faults = new Set([fault]);
      const result = await runConformance({
        api,
        baseUrl: mock.base(api),
        session,
        seed: 11,
        runs: 40,
        polls: 2,
        pollIntervalMs: 10,
        headers: { Authorization: SECRET },
        replayCommand: 'agent-task-contracts',
      });
      const line = result.violations.find((v) => v.law === fault)?.replay?.command ?? '';
      expect(line).toMatch(/^agent-task-contracts conform /);
      expect(line).not.toContain('sk-replay');
      expect(line).toContain(`--session ${session}`);
      expect(line).toContain('"Authorization: $ATC_HEADER_AUTHORIZATION"');
      if (property) expect(line).toMatch(/--seed -?\d+ --path [\d:]+/);
      const replayed = await run('bash', ['-c', line], {
        env: { ...ENV, PATH: `${bin}:${process.env.PATH}` },
        timeout: 60_000,
      }).then(
        () => ({ code: 0, out: '' }),
        (error: { code: number; stdout: string }) => ({ code: error.code, out: error.stdout }),
      );
      mock.app.faults = new Set();
      expect(replayed.code).toBe(1);
      expect(replayed.out).toContain(`✗ ${fault}`);
      expect(replayed.out).not.toContain('sk-replay');
    }, 90_000);
  }

  it('the programmatic API starts them with npx', async () => {
    const result = await conform('ark.limit-respected');
    expect(result.violations[0]?.replay?.command).toMatch(/^npx agent-task-contracts conform --api ark /);
    expect(DEFAULT_REPLAY_COMMAND).toBe('npx agent-task-contracts');
  }, 60_000);

  it('the CLI starts them the way it was invoked', () => {
    const node = '/usr/bin/node';
    const at = (script: string, env: Record<string, string> = {}, cwd = '/home/me/app') =>
      invocationOf({ argv: [node, script, 'conform'], env, cwd });
    expect(at('/home/me/app/node_modules/.bin/agent-task-contracts')).toBe('npx agent-task-contracts');
    expect(at('/root/.npm/_npx/2edf/node_modules/.bin/agent-task-contracts')).toBe('npx agent-task-contracts');
    expect(at('/usr/local/bin/agent-task-contracts')).toBe('agent-task-contracts');
    expect(at('/home/me/atc/bin/agent-task-contracts.js', {}, '/home/me/atc')).toBe('node bin/agent-task-contracts.js');
    expect(at('/home/me/my atc/bin/agent-task-contracts.js', {}, '/tmp')).toBe(
      "node '/home/me/my atc/bin/agent-task-contracts.js'",
    );
    expect(
      at('/home/me/atc/src/cli/entry.ts', { npm_lifecycle_event: 'cli', npm_package_name: 'agent-task-contracts' }),
    ).toBe('npm run cli --');
    expect(at('/home/me/atc/src/cli/entry.ts', {}, '/home/me/atc')).toBe('npx tsx src/cli/entry.ts');
  });

  it('from a checkout, `node bin/agent-task-contracts.js conform` prints lines that start that way and run', async () => {
    mock.app.faults = new Set(['ark.limit-respected']);
    const args = ['conform', '--api', 'ark', '--base-url', mock.base('ark'), '--session', 'sesn-demo'];
    const first = await run('node', ['bin/agent-task-contracts.js', ...args, '--runs', '5', '--polls', '1'], {
      cwd: ROOT,
      timeout: 60_000,
    }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    const line = /replay: (.*)/.exec(first.stdout)?.[1] ?? '';
    expect(line).toMatch(/^node bin\/agent-task-contracts\.js conform --api ark /);
    const again = await run('bash', ['-c', line], { cwd: ROOT, timeout: 60_000 }).catch(
      (error: { code: number; stdout: string }) => error,
    );
    mock.app.faults = new Set();
    expect((again as { code?: number }).code).toBe(1);
    expect(again.stdout).toContain('✗ ark.limit-respected');
  }, 120_000);
});
