import { writeFile } from 'node:fs/promises';
import { FACES, type Face } from '../contract/index.js';
import { type Command, UsageError, parseChoice, parseInteger, requireString } from './command.js';
import { parseHeaders } from './headers.js';

export const recordCommand: Command = {
  name: 'record',
  summary: 'Poll a live endpoint and write a scenario whose replay reproduces every observed list.',
  usage: `record --face ${FACES.join('|')} --base-url URL [--session ID] --polls N --interval MS --out FILE [--header 'Name: value']... [--redact JSON_POINTER]...`,
  options: {
    face: { type: 'string' },
    'base-url': { type: 'string' },
    session: { type: 'string' },
    polls: { type: 'string' },
    interval: { type: 'string' },
    out: { type: 'string' },
    header: { type: 'string', multiple: true },
    redact: { type: 'string', multiple: true },
    timeout: { type: 'string' },
  },
  async run(values, io) {
    requireString(values, 'face');
    const face = parseChoice(values, 'face', FACES) as Face;
    const baseUrl = requireString(values, 'base-url');
    const out = requireString(values, 'out');
    requireString(values, 'polls');
    const polls = parseInteger(values, 'polls', 1, 10_000)!;
    const intervalMs = parseInteger(values, 'interval', 0, 3_600_000) ?? 1000;
    const redact = (values.redact as string[] | undefined) ?? [];
    for (const pointer of redact) if (!pointer.startsWith('/')) throw new UsageError(`--redact takes a JSON pointer into each recorded object, like /title or /tool/description; got "${pointer}"`);
    const [{ RecordError, recordScenario }, { stringify }] = await Promise.all([import('../node/record.js'), import('yaml')]);
    let recording;
    try {
      recording = await recordScenario({
        face,
        baseUrl,
        session: typeof values.session === 'string' ? values.session : undefined,
        polls,
        intervalMs,
        headers: parseHeaders(values.header as string[] | undefined),
        redact,
        timeoutMs: parseInteger(values, 'timeout', 1, 600_000),
        onPoll: (n, count) => io.stderr(`poll ${n}/${polls}: ${count} objects\n`),
      });
    } catch (error) {
      if (error instanceof RecordError) {
        io.stderr(`agent-task-contracts record: ${error.message}\n`);
        return 2;
      }
      throw error;
    }
    const text = /\.ya?ml$/i.test(out) ? `# yaml-language-server: $schema=https://agent-task-contracts.invalid/scenario.schema.json\n${stringify(recording.scenario)}` : `${JSON.stringify(recording.scenario, null, 2)}\n`;
    await writeFile(out, text);
    for (const v of recording.violations) io.stderr(`violation: ${v}\n`);
    io.stdout(`wrote ${out}: ${polls} polls, ${recording.requests} requests, ${recording.violations.length} contract violations\n`);
    return 0;
  },
};
