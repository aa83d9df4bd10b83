import { writeFile } from 'node:fs/promises';
import { REPORT_FORMATS, type ReportFormat } from '../conformance/report.js';
import { matchesSelector } from '../conformance/selectors.js';
import type { Shard } from '../conformance/types.js';
import { BUILTIN_FACES, type Face } from '../contract/faces.js';
import { ALL_LAWS } from '../contract/laws/index.js';
import { type Command, parseChoice, parseInteger, requireString, UsageError } from './command.js';
import { parseHeaders } from './headers.js';

function parseRuleList(value: unknown, flag: string): string[] | undefined {
  if (typeof value !== 'string') return undefined;
  const ids = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const known = ALL_LAWS.map((l) => l.id);
  for (const id of ids)
    if (!known.some((k) => matchesSelector(k, [id])))
      throw new UsageError(`--${flag}: no rule matches "${id}"; see docs/rules.md (a trailing * matches a prefix)`);
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
  summary: 'Check a live endpoint against the contract; exit 0 conforms, 1 violations, 2 usage/unreachable.',
  usage: [
    `conform --face ${BUILTIN_FACES.join('|')} --base-url URL`,
    '  [--session ID] [--runs N] [--seed S] [--path P] [--polls N] [--poll-interval MS]',
    "  [--timeout MS] [--rps N] [--concurrency N] [--max-requests N] [--header 'Name: value']...",
    '  [--shard i/n]',
    '  [--rules a,b] [--exclude-rules a,b] [--require-exercised] [--fail-on-drift] [--min-coverage PERCENT]',
    '  [--report text|json|junit|html] [--out FILE]',
  ].join('\n'),
  options: {
    face: { type: 'string' },
    'base-url': { type: 'string' },
    session: { type: 'string' },
    runs: { type: 'string' },
    seed: { type: 'string' },
    path: { type: 'string' },
    polls: { type: 'string' },
    'poll-interval': { type: 'string' },
    timeout: { type: 'string' },
    rps: { type: 'string' },
    concurrency: { type: 'string' },
    shard: { type: 'string' },
    'max-requests': { type: 'string' },
    header: { type: 'string', multiple: true },
    rules: { type: 'string' },
    'exclude-rules': { type: 'string' },
    'require-exercised': { type: 'boolean' },
    'fail-on-drift': { type: 'boolean' },
    'min-coverage': { type: 'string' },
    report: { type: 'string', default: 'text' },
    out: { type: 'string' },
  },
  async run(values, io) {
    requireString(values, 'face');
    const face = parseChoice(values, 'face', BUILTIN_FACES) as Face;
    const baseUrl = requireString(values, 'base-url');
    const report = parseChoice(values, 'report', REPORT_FORMATS) as ReportFormat;
    if (report === 'html' && typeof values.out !== 'string')
      throw new UsageError('--report html writes a file: add --out report.html');
    const path = typeof values.path === 'string' ? values.path : undefined;
    if (path !== undefined && values.seed === undefined)
      throw new UsageError('--path replays a failure only together with the --seed it was found with');
    if (path !== undefined && !/^\d+(:\d+)*$/.test(path))
      throw new UsageError(`--path must look like 3:0:1 (from a report), got "${path}"`);
    const [{ runConformance }, { render }] = await Promise.all([
      import('../conformance/runner.js'),
      import('../conformance/report.js'),
    ]);
    const result = await runConformance({
      face,
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
      headers: parseHeaders(values.header as string[] | undefined),
      rules: parseRuleList(values.rules, 'rules'),
      excludeRules: parseRuleList(values['exclude-rules'], 'exclude-rules'),
      requireExercised: values['require-exercised'] === true,
      failOnDrift: values['fail-on-drift'] === true,
      minCoverage: parseInteger(values, 'min-coverage', 0, 100),
      stopSignal: io.stopSignal,
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
              `${result.counts.violated} violated (${result.violations.length} violations)`,
              `${result.counts.notExercised} not exercised`,
            ].join(', ');
      io.stdout(`${verdict}; report written to ${values.out}\n`);
    } else io.stdout(text);
    if (result.exitCode === 2 && result.error && report !== 'text')
      io.stderr(`agent-task-contracts conform: ${result.error}\n`);
    return result.exitCode;
  },
};
