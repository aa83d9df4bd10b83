import type fc from 'fast-check';
import { operationsOf } from '../contract/operations.js';
import { apiNames } from '../contract/registry.js';
import { allRules } from '../contract/rules/index.js';
import type { RuleTarget } from '../contract/rules/types.js';
import { withArticle } from '../contract/words.js';
import type { IllegalKind } from '../generators/lifecycles.js';
import { apiFilesOf, apiFlag, chosenApi, faceFlag, loadApiFiles } from './api-file.js';
import { type Command, type CommandIo, parseChoice, parseInteger, requireString, UsageError } from './command.js';

/**
 * Lines go out in writes of about this many bytes, encoded into one reused buffer: one write per
 * line was a tenth of the run, and `Buffer.from` of each chunk 20 times slower than encoding into a
 * buffer that is already there. V8 holds a line as a tree of the strings it was joined from, and
 * copies that tree out fastest while it is fresh: lines joined into a chunk of 64 kB first took a
 * tenth longer to encode, and a megabyte's chunk four times longer. Short lines are joined up to
 * `PART` characters first, so that each encoding call carries a few kilobytes.
 */
const CHUNK = 1 << 16;
const PART = 1 << 12;

function writeLines(lines: Iterable<string>, io: CommandIo): void {
  const { stdoutBytes } = io;
  let bytes = Buffer.allocUnsafe(stdoutBytes ? 4 * CHUNK : 0);
  let used = 0;
  // Where bytes can be written, each part is encoded into the reused buffer, written a chunk at a time.
  const add = (text: string) => {
    if (!stdoutBytes) return io.stdout(text);
    // A UTF-16 unit takes at most three bytes of UTF-8.
    const most = 3 * text.length;
    if (used + most > bytes.length) {
      stdoutBytes(bytes.subarray(0, used));
      used = 0;
      if (most > bytes.length) bytes = Buffer.allocUnsafe(most);
    }
    used += bytes.write(text, used, 'utf8');
    if (used >= CHUNK) {
      stdoutBytes(bytes.subarray(0, used));
      used = 0;
    }
  };
  const size = stdoutBytes ? PART : CHUNK;
  let part = '';
  for (const line of lines) {
    part += `${line}\n`;
    if (part.length >= size) {
      add(part);
      part = '';
    }
  }
  if (part !== '') add(part);
  if (used > 0) stdoutBytes?.(bytes.subarray(0, used));
}

const WHATS = ['task', 'session', 'envelope', 'request', 'lifecycle'] as const;
const ILLEGAL: readonly IllegalKind[] = ['lifecycle-forward', 'immutable-fields', 'times-never-go-back'];

export const generateCommand: Command = {
  name: 'generate',
  summary: 'Write generated values as NDJSON to stdout (valid, --edge, or --break RULE_ID); ids distinct within a run.',
  usage: [
    'generate',
    `--api ${apiNames().join('|')}|NAME [--api FILE]...`,
    `--what ${WHATS.join('|')}`,
    '[--count N] [--seed S] [--edge] [--break RULE_ID]',
  ].join(' '),
  options: {
    api: apiFlag('The API whose values to generate.'),
    face: faceFlag,
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
  },
  async run(values, io) {
    const api = chosenApi(values, await loadApiFiles(apiFilesOf(values.api as string[] | undefined)));
    requireString(values, 'what');
    const what = parseChoice(values, 'what', WHATS)!;
    const count = parseInteger(values, 'count', 1, 1_000_000) ?? 10;
    const seed = parseInteger(values, 'seed', -(2 ** 31), 2 ** 31 - 1) ?? 1;
    const edge = values.edge === true;
    const breakId = typeof values.break === 'string' ? values.break : undefined;
    const [
      { default: fastCheck },
      { componentsOf },
      { drawLines },
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
        ...operationsOf(api).map((op) => requestCase(op).map((c) => ({ operation: op.operationId, ...c }))),
      );
    } else if (what === 'lifecycle') {
      if (breakId === undefined) arbitrary = legalLifecycle(api);
      else {
        const kind = ILLEGAL.find((k) => breakId === k || breakId.endsWith(`.${k}`));
        if (!kind) throw new UsageError(`--break for lifecycles takes one of ${ILLEGAL.join(', ')}, got "${breakId}"`);
        arbitrary = illegalLifecycle(api, kind);
      }
    } else {
      if (!componentsOf(api)[what]) {
        const whats = `${Object.keys(componentsOf(api)).join('|')}|request|lifecycle`;
        throw new UsageError(`${api} has no ${what} objects; --what takes ${whats} for ${api}`);
      }
      if (breakId !== undefined) {
        const rule = allRules().find((r) => r.id === breakId);
        const choices = allRules()
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
    if (arbitrary) output = fastCheck.sample(arbitrary, { seed, numRuns: count }).map((value) => JSON.stringify(value));
    else output = drawLines(api, what as RuleTarget, { count, seed, edge, breaks: breakId });
    writeLines(output, io);
    return 0;
  },
};
