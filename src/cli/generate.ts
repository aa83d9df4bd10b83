import type fc from 'fast-check';
import { faces } from '../contract/faces.js';
import { operationsOf } from '../contract/operations.js';
import { allRules } from '../contract/rules/index.js';
import type { RuleTarget } from '../contract/rules/types.js';
import { withArticle } from '../contract/words.js';
import type { IllegalKind } from '../generators/lifecycles.js';
import { apiFlag, chosenFace, faceFlag, loadApiFiles } from './api-file.js';
import { type Command, parseChoice, parseInteger, requireString, UsageError } from './command.js';

/** Lines go out in chunks of about this many characters: one write per line was a tenth of the run. */
const CHUNK = 1 << 16;

function writeLines(values: Iterable<unknown>, write: (text: string) => void): void {
  let chunk = '';
  for (const value of values) {
    chunk += `${JSON.stringify(value)}\n`;
    if (chunk.length >= CHUNK) {
      write(chunk);
      chunk = '';
    }
  }
  if (chunk.length > 0) write(chunk);
}

const WHATS = ['task', 'session', 'envelope', 'request', 'lifecycle'] as const;
const ILLEGAL: readonly IllegalKind[] = ['lifecycle-forward', 'immutable-fields', 'times-never-go-back'];

export const generateCommand: Command = {
  name: 'generate',
  summary: 'Write generated values as NDJSON to stdout (valid, --edge, or --break RULE_ID); ids distinct within a run.',
  usage: [
    'generate',
    `--face ${faces().join('|')}|NAME [--api FILE]...`,
    `--what ${WHATS.join('|')}`,
    '[--count N] [--seed S] [--edge] [--break RULE_ID]',
  ].join(' '),
  options: {
    face: faceFlag('The API whose values to generate.'),
    api: apiFlag,
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
    const face = chosenFace(values, await loadApiFiles(values.api as string[] | undefined));
    requireString(values, 'what');
    const what = parseChoice(values, 'what', WHATS)!;
    const count = parseInteger(values, 'count', 1, 1_000_000) ?? 10;
    const seed = parseInteger(values, 'seed', -(2 ** 31), 2 ** 31 - 1) ?? 1;
    const edge = values.edge === true;
    const breakId = typeof values.break === 'string' ? values.break : undefined;
    const [
      { default: fastCheck },
      { componentsOf },
      { drawObjects },
      { illegalLifecycle, legalLifecycle },
      { requestCase },
    ] = await Promise.all([
      import('fast-check'),
      import('../contract/operations.js'),
      import('../generators/bulk.js'),
      import('../generators/lifecycles.js'),
      import('../generators/requests.js'),
    ]);

    let output: Iterable<unknown>;
    let arbitrary: fc.Arbitrary<unknown> | undefined;
    if (what === 'request') {
      if (breakId)
        throw new UsageError('--break does not apply to --what request (requests carry their expected response)');
      arbitrary = fastCheck.oneof(
        ...operationsOf(face).map((op) => requestCase(op).map((c) => ({ operation: op.operationId, ...c }))),
      );
    } else if (what === 'lifecycle') {
      if (breakId === undefined) arbitrary = legalLifecycle(face);
      else {
        const kind = ILLEGAL.find((k) => breakId === k || breakId.endsWith(`.${k}`));
        if (!kind) throw new UsageError(`--break for lifecycles takes one of ${ILLEGAL.join(', ')}, got "${breakId}"`);
        arbitrary = illegalLifecycle(face, kind);
      }
    } else {
      if (!componentsOf(face)[what]) {
        const whats = `${Object.keys(componentsOf(face)).join('|')}|request|lifecycle`;
        throw new UsageError(`${face} has no ${what} objects; --what takes ${whats} for ${face}`);
      }
      if (breakId !== undefined) {
        const rule = allRules().find((r) => r.id === breakId);
        const choices = allRules()
          .filter((r) => r.face === face && r.target === what)
          .map((r) => r.id);
        if (!rule || rule.face !== face || rule.target !== what)
          throw new UsageError(
            `--break "${breakId}" is not ${withArticle(face)} ${what} rule; ` +
              `choose one of: ${choices.join(', ') || '(none)'}`,
          );
      }
    }
    // Objects come from the bulk draws (ids unique in the run); timelines and requests from fast-check.
    if (arbitrary) output = fastCheck.sample(arbitrary, { seed, numRuns: count });
    else output = drawObjects(face, what as RuleTarget, { count, seed, edge, breaks: breakId });
    writeLines(output, io.stdout);
    return 0;
  },
};
