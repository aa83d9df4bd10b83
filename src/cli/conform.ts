import { writeFile } from 'node:fs/promises';
import { BUILTIN_API_NAMES } from '../apis/index.js';
import { DEFAULT_CONCURRENCY } from '../conformance/context.js';
import {
  DEFAULT_CONSECUTIVE_TIMEOUTS,
  DEFAULT_DEADLINE_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_REQUESTS,
  DEFAULT_MAX_RETRY_WAIT_MS,
  DEFAULT_POLL_INTERVAL_MS,
  DEFAULT_TIMEOUT_MS,
} from '../conformance/limits.js';
import { REPORT_FORMATS, type ReportFormat } from '../conformance/report.js';
import { matchesSelector } from '../conformance/selectors.js';
import type { Shard } from '../conformance/types.js';
import type { ApiSet } from '../contract/api-set.js';
import { lawsOf } from '../contract/laws/catalogue.js';
import { allOperations } from '../contract/operations.js';
import { withCount } from '../contract/words.js';
import { apiFilesOf, apiFlag, chosenApi, loadApiFiles } from './api-file.js';
import { type Command, parseChoice, parseInteger, requireString, UsageError } from './command.js';
import { parseHeaders } from './headers.js';

function parseLawList(value: unknown, flag: string, apis: ApiSet): string[] | undefined {
  if (typeof value !== 'string') return undefined;
  const ids = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  // Every API's laws: those of the modules --api loaded too.
  const known = allOperations(apis).flatMap((op) => lawsOf(op).map((law) => law.id));
  for (const id of ids)
    if (!known.some((k) => matchesSelector(k, [id])))
      throw new UsageError(`--${flag}: no law matches "${id}"; see docs/laws.md (a trailing * matches a prefix)`);
  return ids;
}

/** `--shard 2/3`: the second of three shards. */
function parseShard(value: unknown): Shard | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count)
    throw new UsageError(
      `--shard must be i/n with 1 ≤ i ≤ n (e.g. --shard 2/3 for the second of three), got "${value}"`,
    );
  return { index, count };
}

export const conformCommand: Command = {
  name: 'conform',
  summary:
    'Check a live endpoint against the contract; exit 0 conforms, 1 violations, 2 usage, unreachable, incomplete.',
  usage: [
    `conform --api ${BUILTIN_API_NAMES.join('|')}|NAME [--api FILE]... --base-url URL`,
    '  [--session ID] [--runs N] [--seed S] [--path P] [--polls N] [--poll-interval MS]',
    "  [--timeout MS] [--rps N] [--concurrency N] [--max-requests N] [--header 'Name: value']...",
    '  [--deadline MS] [--max-consecutive-timeouts N] [--max-retry-wait MS] [--max-body-bytes N] [--shard i/n]',
    '  [--operation ID]... [--laws a,b] [--exclude-laws a,b] [--require-exercised] [--fail-on-drift]',
    '  [--min-coverage PERCENT]',
    '  [--report text|json|junit|html] [--out FILE]',
    'The deadline, the timeouts in a row and a request throttled on every retry each stop the run:',
    'exit 2, the report marked INCOMPLETE.',
  ].join('\n'),
  options: {
    api: apiFlag('The API the endpoint implements.'),
    'base-url': {
      type: 'string',
      value: 'URL',
      help: "The API's base URL; the spec's operation paths are appended to it.",
      otherwise: 'required',
    },
    session: {
      type: 'string',
      value: 'ID',
      help:
        'The session whose lists are checked (needed where the session is a path segment no list gives; where a ' +
        'handshake opens sessions, one it opened, sent in its header instead of opening another).',
      otherwise: 'the sessions the lists give, or one the handshake opens',
    },
    runs: { type: 'string', value: 'N', help: 'Generated request cases (fast-check runs).', otherwise: '100' },
    seed: {
      type: 'string',
      value: 'S',
      help: 'Seed of the generated requests; every replay line prints it.',
      otherwise: 'a random seed',
    },
    path: {
      type: 'string',
      value: 'P',
      help:
        'Replays one property case (with the --seed it was found with), as a report prints it: the run walks ' +
        'the baseline that case starts from, then sends that case alone (no refusals, probes, polls or other cases).',
      otherwise: 'none',
    },
    polls: {
      type: 'string',
      value: 'N',
      help: 'Walks of every list over time; from 2 on, the run ends reading each list twice back to back.',
      otherwise: '3',
    },
    'poll-interval': {
      type: 'string',
      value: 'MS',
      help: 'Wait between those walks.',
      otherwise: String(DEFAULT_POLL_INTERVAL_MS),
    },
    timeout: {
      type: 'string',
      value: 'MS',
      help: 'Time allowed for each request, body included.',
      otherwise: String(DEFAULT_TIMEOUT_MS),
    },
    rps: { type: 'string', value: 'N', help: 'At most this many requests per second.', otherwise: 'no limit' },
    concurrency: {
      type: 'string',
      value: 'N',
      help:
        'Requests of independent cases in flight at once; walks stay one page after another. ' +
        'The verdict is the same at any value.',
      otherwise: String(DEFAULT_CONCURRENCY),
    },
    shard: {
      type: 'string',
      value: 'i/n',
      help:
        "Run only the i-th of n deterministic parts of the run's cases: the baseline, then a share of the " +
        'rest planned so that the n parts take about as long (merge the JSON reports with merge-reports).',
      otherwise: 'the whole run',
    },
    'max-requests': {
      type: 'string',
      value: 'N',
      help: 'Stop after this many requests (the run is then incomplete).',
      otherwise: String(DEFAULT_MAX_REQUESTS),
    },
    deadline: {
      type: 'string',
      value: 'MS',
      help: 'Time allowed for the whole run; past it the run ends, exit 2, reporting what it judged.',
      otherwise: String(DEFAULT_DEADLINE_MS),
    },
    'max-consecutive-timeouts': {
      type: 'string',
      value: 'N',
      help: 'Requests in a row without a complete answer before the run ends: the endpoint stopped answering.',
      otherwise: String(DEFAULT_CONSECUTIVE_TIMEOUTS),
    },
    'max-retry-wait': {
      type: 'string',
      value: 'MS',
      help:
        'Longest wait before a throttled request (a 429, or a 503 with Retry-After) is sent again; ' +
        'a longer Retry-After is cut to it.',
      otherwise: String(DEFAULT_MAX_RETRY_WAIT_MS),
    },
    'max-body-bytes': {
      type: 'string',
      value: 'N',
      help: 'Largest response body read, counted after decompression.',
      otherwise: String(DEFAULT_MAX_BODY_BYTES),
    },
    header: {
      type: 'string',
      multiple: true,
      value: "'Name: value'",
      help: 'A header sent with every request (credentials: never printed, replay lines name them as variables).',
      otherwise: 'none',
    },
    operation: {
      type: 'string',
      multiple: true,
      value: 'ID',
      help: 'Judge only this operation of the API (its operationId), at this --base-url; repeat for more.',
      otherwise: 'every operation',
    },
    laws: {
      type: 'string',
      value: 'a,b',
      help: 'Judge only these laws (ids of docs/laws.md; a trailing * matches a prefix).',
      otherwise: 'every law',
    },
    'exclude-laws': {
      type: 'string',
      value: 'a,b',
      help: 'Judge every law but these.',
      otherwise: 'none',
    },
    'require-exercised': {
      type: 'boolean',
      help: 'A law the run could not exercise fails (exit 1) instead of being reported.',
      otherwise: 'off',
    },
    'fail-on-drift': {
      type: 'boolean',
      help: 'Fields and values the spec does not declare are violations, not warnings.',
      otherwise: 'off',
    },
    'min-coverage': {
      type: 'string',
      value: 'PERCENT',
      help: 'Fail (exit 1) when less of the contract than this was exercised.',
      otherwise: 'none',
    },
    report: { type: 'string', default: 'text', value: REPORT_FORMATS.join('|'), help: 'The report format.' },
    out: {
      type: 'string',
      value: 'FILE',
      help: 'Write the report to this file and print only the verdict.',
      otherwise: 'stdout',
    },
  },
  async run(values, io) {
    const apiFiles = apiFilesOf(values.api as string[] | undefined);
    const command = await loadApiFiles(apiFiles);
    const api = chosenApi(values, command);
    const baseUrl = requireString(values, 'base-url');
    const report = parseChoice(values, 'report', REPORT_FORMATS) as ReportFormat;
    if (report === 'html' && typeof values.out !== 'string')
      throw new UsageError('--report html writes a file: add --out report.html');
    const path = typeof values.path === 'string' ? values.path : undefined;
    if (path !== undefined && values.seed === undefined)
      throw new UsageError('--path replays a failure only together with the --seed it was found with');
    if (path !== undefined && !/^\d+(:\d+)*$/.test(path))
      throw new UsageError(`--path must look like 3:0:1 (from a report), got "${path}"`);
    const [{ runConformance }, { render }, { invocationOf }] = await Promise.all([
      import('../conformance/runner.js'),
      import('../conformance/report.js'),
      import('../conformance/invocation.js'),
    ]);
    const result = await runConformance({
      api,
      apis: command.apis,
      baseUrl,
      session: typeof values.session === 'string' ? values.session : undefined,
      runs: parseInteger(values, 'runs', 0, 100_000),
      seed: parseInteger(values, 'seed', -(2 ** 31), 2 ** 31 - 1),
      path,
      polls: parseInteger(values, 'polls', 1, 1000),
      pollIntervalMs: parseInteger(values, 'poll-interval', 0, 3_600_000),
      timeoutMs: parseInteger(values, 'timeout', 1, 600_000),
      rps: parseInteger(values, 'rps', 1, 100_000),
      concurrency: parseInteger(values, 'concurrency', 1, 64),
      shard: parseShard(values.shard),
      maxRequests: parseInteger(values, 'max-requests', 1, 10_000_000),
      deadlineMs: parseInteger(values, 'deadline', 1, 86_400_000),
      maxConsecutiveTimeouts: parseInteger(values, 'max-consecutive-timeouts', 1, 10_000_000),
      maxRetryWaitMs: parseInteger(values, 'max-retry-wait', 0, 3_600_000),
      maxBodyBytes: parseInteger(values, 'max-body-bytes', 1, 2 ** 31 - 1),
      headers: parseHeaders(values.header as string[] | undefined),
      operations: values.operation as string[] | undefined,
      laws: parseLawList(values.laws, 'laws', command.apis),
      excludeLaws: parseLawList(values['exclude-laws'], 'exclude-laws', command.apis),
      requireExercised: values['require-exercised'] === true,
      failOnDrift: values['fail-on-drift'] === true,
      minCoverage: parseInteger(values, 'min-coverage', 0, 100),
      stopSignal: io.stopSignal,
      replayCommand: invocationOf({ argv: process.argv, env: process.env, cwd: process.cwd() }),
      // A replay pasted where this ran loads the same module files.
      replayFlags: [...new Set(apiFiles)].flatMap((file) => ['--api', file]),
    });
    const text = render(result, report);
    if (typeof values.out === 'string') {
      await writeFile(values.out, text);
      const verdict = result.error
        ? `error: ${result.error}`
        : result.incomplete
          ? `INCOMPLETE: ${result.incomplete}`
          : [
              `${result.counts.passed} passed`,
              `${result.counts.violated} violated (${withCount(result.violations.length, 'violation')})`,
              `${result.counts.notExercised} not exercised`,
            ].join(', ');
      io.stdout(`${verdict}; report written to ${values.out}\n${result.hint ? `hint: ${result.hint}\n` : ''}`);
    } else io.stdout(text);
    // Machine-readable reports go to stdout or a file; a CI log still shows why the run could not finish.
    const why = result.error ?? (result.incomplete ? `INCOMPLETE: ${result.incomplete}` : undefined);
    if (why !== undefined && report !== 'text') io.stderr(`agent-task-contracts conform: ${why}\n`);
    if (result.hint && report !== 'text' && typeof values.out !== 'string')
      io.stderr(`agent-task-contracts conform: hint: ${result.hint}\n`);
    return result.exitCode;
  },
};
