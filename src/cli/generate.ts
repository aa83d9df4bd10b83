import { availableParallelism } from 'node:os';
import type fc from 'fast-check';
import { BUILTIN_API_NAMES } from '../apis/index.js';
import { operationsOf } from '../contract/operations.js';
import { allRules } from '../contract/rules/index.js';
import type { RuleTarget } from '../contract/rules/types.js';
import { withArticle } from '../contract/words.js';
import type { IllegalKind } from '../generators/lifecycles.js';
import { apiFilesOf, apiFlag, chosenApi, loadApiFiles } from './api-file.js';
import { type Command, type CommandIo, parseChoice, parseInteger, requireString, UsageError } from './command.js';
import { CHUNK, LineBytes } from './line-bytes.js';

function writeLines(lines: Iterable<string>, io: CommandIo): void {
  const { stdoutBytes } = io;
  if (!stdoutBytes) {
    let part = '';
    for (const line of lines) {
      part += `${line}\n`;
      if (part.length >= CHUNK) {
        io.stdout(part);
        part = '';
      }
    }
    if (part !== '') io.stdout(part);
    return;
  }
  const bytes = new LineBytes(stdoutBytes, true);
  for (const line of lines) bytes.line(line);
  bytes.end();
}

/**
 * From about this many bytes of output a second thread pays for its start (loading the CLI and
 * warming up, on the other core): 100,000 Praxis sessions write 200 MB and take a sixth less time on
 * two threads; 100,000 JSON-RPC envelopes, 4.6 MB, a sixth more. Estimated from a few lines first.
 */
const AUTO_THREADS_BYTES = 40_000_000;
const SAMPLE_LINES = 32;
const MAX_THREADS = 16;

const WHATS = ['task', 'session', 'envelope', 'request', 'lifecycle'] as const;
const ILLEGAL: readonly IllegalKind[] = ['lifecycle-forward', 'immutable-fields', 'times-never-go-back'];

export const generateCommand: Command = {
  name: 'generate',
  summary: 'Write generated values as NDJSON to stdout (valid, --edge, or --break RULE_ID); ids distinct within a run.',
  usage: [
    'generate',
    `--api ${BUILTIN_API_NAMES.join('|')}|NAME [--api FILE]...`,
    `--what ${WHATS.join('|')}`,
    '[--count N] [--seed S] [--edge] [--break RULE_ID] [--threads N]',
  ].join(' '),
  options: {
    api: apiFlag('The API whose values to generate.'),
    what: { type: 'string', value: WHATS.join('|'), help: 'What to generate.', otherwise: 'required' },
    count: { type: 'string', value: 'N', help: 'How many values.', otherwise: '10' },
    seed: { type: 'string', value: 'S', help: 'Seed: the same seed gives the same values.', otherwise: '1' },
    edge: { type: 'boolean', default: false, help: 'Bias towards edge values (empty, longest, boundaries).' },
    break: {
      type: 'string',
      value: 'RULE_ID',
      help: 'Values that break exactly this item rule (or this lifecycle law, with --what lifecycle).',
      otherwise: 'valid values',
    },
    threads: {
      type: 'string',
      value: 'N',
      help:
        'Threads that draw the objects: the lines are the same for any N. Objects whose ids need a record of ' +
        'the run (--edge, --break, some APIs) are drawn on one.',
      otherwise: '2 on a machine of 2 cores or more for a run of some 40 MB or more (20,000 Praxis sessions), else 1',
    },
  },
  async run(values, io) {
    const apiFiles = apiFilesOf(values.api as string[] | undefined);
    const command = await loadApiFiles(apiFiles);
    const { apis } = command;
    const api = chosenApi(values, command);
    requireString(values, 'what');
    const what = parseChoice(values, 'what', WHATS)!;
    const count = parseInteger(values, 'count', 1, 1_000_000) ?? 10;
    const seed = parseInteger(values, 'seed', -(2 ** 31), 2 ** 31 - 1) ?? 1;
    const edge = values.edge === true;
    const breakId = typeof values.break === 'string' ? values.break : undefined;
    const threadsGiven = parseInteger(values, 'threads', 1, MAX_THREADS);
    const target = what as RuleTarget;
    const [
      { default: fastCheck },
      { componentsOf },
      { blocksApart, drawLines },
      { illegalLifecycle, legalLifecycle },
      { requestCase },
    ] = await Promise.all([
      import('fast-check'),
      import('../contract/operations.js'),
      import('../generators/lines.js'),
      import('../generators/lifecycles.js'),
      import('../generators/requests.js'),
    ]);

    let output: Iterable<string>;
    let arbitrary: fc.Arbitrary<unknown> | undefined;
    if (what === 'request') {
      if (breakId)
        throw new UsageError('--break does not apply to --what request (requests carry their expected response)');
      arbitrary = fastCheck.oneof(
        ...operationsOf(api, apis).map((op) => requestCase(op).map((c) => ({ operation: op.operationId, ...c }))),
      );
    } else if (what === 'lifecycle') {
      if (breakId === undefined) arbitrary = legalLifecycle(api, undefined, apis);
      else {
        const kind = ILLEGAL.find((k) => breakId === k || breakId.endsWith(`.${k}`));
        if (!kind) throw new UsageError(`--break for lifecycles takes one of ${ILLEGAL.join(', ')}, got "${breakId}"`);
        arbitrary = illegalLifecycle(api, kind, apis);
      }
    } else {
      if (!componentsOf(api, apis)[what]) {
        const whats = `${Object.keys(componentsOf(api, apis)).join('|')}|request|lifecycle`;
        throw new UsageError(`${api} has no ${what} objects; --what takes ${whats} for ${api}`);
      }
      if (breakId !== undefined) {
        const rule = allRules(apis).find((r) => r.id === breakId);
        const choices = allRules(apis)
          .filter((r) => r.api === api && r.target === what)
          .map((r) => r.id);
        if (!rule || rule.api !== api || rule.target !== what)
          throw new UsageError(
            `--break "${breakId}" is not ${withArticle(api)} ${what} rule; ` +
              `choose one of: ${choices.join(', ') || '(none)'}`,
          );
      }
    }
    // Objects come from the bulk draws (ids unique in the run); timelines and requests from fast-check.
    const options = { count, seed, edge, breaks: breakId, apis };
    const apart = !arbitrary && blocksApart(api, target, options);
    // The default: a few lines of a run of their own (not this run's) tell how much it will write.
    let threads = threadsGiven ?? 1;
    if (threadsGiven === undefined && apart && availableParallelism() >= 2 && count > SAMPLE_LINES) {
      let bytes = 0;
      for (const line of drawLines(api, target, { ...options, count: SAMPLE_LINES })) bytes += line.length + 1;
      if ((bytes / SAMPLE_LINES) * count >= AUTO_THREADS_BYTES) threads = 2;
    }
    if (threads > 1 && io.stdoutBytes) {
      const { HelperThreads, helpersAvailable } = await import('./generate-threads.js');
      const why = arbitrary
        ? `--what ${what} is drawn by fast-check, in order`
        : !apart
          ? "these objects keep their ids unique with a record of the whole run (--edge, --break, or an API's own ids)"
          : !helpersAvailable()
            ? 'the sources run through tsx here (`npm run build` makes the CLI that starts threads)'
            : undefined;
      if (why === undefined) {
        // Started once the run is known to split: a helper started on speculation and stopped unused cost
        // a run of 100,000 Ark tasks 0.08 s, more than starting it early saved 100,000 Praxis sessions.
        const run = { api, target, count, seed, edge, apiFiles, cwd: process.cwd() };
        const helpers = new HelperThreads(run, apis, threads);
        const { blocks, byHelpers } = await helpers.write(io.stdoutBytes, io.stderr);
        // For tests and the curious: which thread drew what (CONTRIBUTING.md, diagnostics).
        if (process.env.ATC_GENERATE_TRACE === '1')
          io.stderr(
            `generate: ${blocks} block${blocks === 1 ? '' : 's'}, ${byHelpers} drawn by helper threads ` +
              `(--threads ${threads})\n`,
          );
        return 0;
      }
      // Only a number the user gave is worth a word: the default falls back to one thread quietly.
      if (values.threads !== undefined) io.stderr(`note: --threads ${threads}: drawn on one thread: ${why}\n`);
    }
    if (arbitrary) output = fastCheck.sample(arbitrary, { seed, numRuns: count }).map((value) => JSON.stringify(value));
    else output = drawLines(api, target, options);
    writeLines(output, io);
    return 0;
  },
};
