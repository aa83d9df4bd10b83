import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILTIN_API_NAMES } from '../apis/index.js';
import { withCount } from '../contract/words.js';
import type { LawTally } from '../node/record.js';
import { apiFilesOf, apiFlag, chosenApi, loadApiFiles } from './api-file.js';
import { type Command, parseInteger, requireString, UsageError } from './command.js';
import { parseHeaders } from './headers.js';

/**
 * The scenario format's schema file of this package: a checkout, an install in node_modules and
 * the CLI bundle each have it in `scenarios/` beside package.json, a few folders above this module.
 */
function schemaFile(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 4; up++, dir = dirname(dir)) {
    const candidate = join(dir, 'scenarios', 'schema.json');
    if (existsSync(candidate) && existsSync(join(dir, 'package.json'))) return candidate;
  }
  return undefined;
}

/**
 * The schema as a recording at `out` names it: a path relative to the file, which editors
 * (yaml-language-server, VS Code's JSON `$schema`) resolve from the file's folder.
 */
function schemaRef(out: string): string | undefined {
  const file = schemaFile();
  if (!file) return undefined;
  const path = relative(dirname(resolve(out)), file)
    .split(sep)
    .join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

/** Violations past this many are counted, not printed: a page listed backwards breaks the order once per item. */
const PRINTED_VIOLATIONS = 20;

/** Which laws the walks were judged by, and the ones that judged nothing with why: one line each. */
function describeLaws(laws: readonly LawTally[]): string {
  const judged = laws.filter((l) => l.judged > 0).map((l) => `${l.id} (${l.judged}, ${l.violations} broken)`);
  const idle = laws.filter((l) => l.judged === 0).map((l) => `${l.id} (${l.unexercised ?? 'nothing to judge'})`);
  return [
    `judged on every walk and page: ${judged.join(', ') || 'none'}\n`,
    idle.length > 0 ? `judged nothing: ${idle.join(', ')}\n` : '',
    'judged on every object: the documented schema and the item rules\n',
  ].join('');
}

export const recordCommand: Command = {
  name: 'record',
  summary:
    'Poll a live endpoint and write a scenario whose replay reproduces every observed list; ' +
    'exit 0 complete, 1 ended early (the file holds what was received), 2 usage or nothing recorded.',
  usage: [
    `record --api ${BUILTIN_API_NAMES.join('|')}|NAME [--api FILE]... --base-url URL [--session ID] --polls N`,
    '--interval MS --out FILE',
    "[--header 'Name: value']... [--redact JSON_POINTER]... [--timeout MS] [--error-budget N]",
  ].join(' '),
  options: {
    api: apiFlag('The API the endpoint implements.'),
    'base-url': { type: 'string', value: 'URL', help: "The API's base URL.", otherwise: 'required' },
    session: {
      type: 'string',
      value: 'ID',
      help: 'The session to record (needed where the session is a path segment no list gives).',
      otherwise: 'the first three sessions a sessions list gives, else every task listed',
    },
    polls: { type: 'string', value: 'N', help: 'Polls of every list, one scenario step each.', otherwise: 'required' },
    interval: { type: 'string', value: 'MS', help: 'Wait between polls.', otherwise: '1000' },
    out: {
      type: 'string',
      value: 'FILE',
      help: 'The scenario file to write (.yaml or .json), rewritten complete after every poll.',
      otherwise: 'required',
    },
    header: {
      type: 'string',
      multiple: true,
      value: "'Name: value'",
      help: 'A header sent with every request; its value never reaches the file.',
      otherwise: 'none',
    },
    redact: {
      type: 'string',
      multiple: true,
      value: 'JSON_POINTER',
      help: 'Mask the string at this pointer into each recorded object (/title, /tool/description).',
      otherwise: 'none',
    },
    timeout: { type: 'string', value: 'MS', help: 'Time allowed for each request.', otherwise: '10000' },
    'error-budget': {
      type: 'string',
      value: 'N',
      help: 'Polls that may be answered by an error (5xx, 429, timeout) before recording stops.',
      otherwise: '5',
    },
  },
  async run(values, io) {
    const command = await loadApiFiles(apiFilesOf(values.api as string[] | undefined));
    const api = chosenApi(values, command);
    const baseUrl = requireString(values, 'base-url');
    const out = requireString(values, 'out');
    requireString(values, 'polls');
    const polls = parseInteger(values, 'polls', 1, 10_000)!;
    const intervalMs = parseInteger(values, 'interval', 0, 3_600_000) ?? 1000;
    const redact = (values.redact as string[] | undefined) ?? [];
    for (const pointer of redact)
      if (!pointer.startsWith('/'))
        throw new UsageError(
          `--redact takes a JSON pointer into each recorded object, like /title or /tool/description; got "${pointer}"`,
        );
    const [{ RecordError, recordScenario }, { OutputError, RecordingFile }, { stringify }, { describeDrift }] =
      await Promise.all([
        import('../node/record.js'),
        import('../node/recording-file.js'),
        import('yaml'),
        import('../contract/drift-entry.js'),
      ]);
    const file = new RecordingFile(out);
    const yaml = /\.ya?ml$/i.test(out);
    const schema = schemaRef(out);
    const render = (recording: Awaited<ReturnType<typeof recordScenario>>) => {
      if (!yaml)
        return `${JSON.stringify({ ...(schema ? { $schema: schema } : {}), ...recording.scenario }, null, 2)}\n`;
      const { ended } = recording;
      const early =
        ended.reason === 'complete'
          ? ''
          : `# recording ended early (${ended.reason}) at ${ended.at}: ${ended.message}\n`;
      const drift = recording.drift.map((d) => `# drift: ${describeDrift(d)}\n`).join('');
      // Editors that read this comment check the recorded YAML against the scenario format.
      const modeline = schema ? `# yaml-language-server: $schema=${schema}\n` : '';
      return `${modeline}${early}${drift}${stringify(recording.scenario)}`;
    };
    let recording: Awaited<ReturnType<typeof recordScenario>>;
    try {
      await file.check();
      recording = await recordScenario({
        api,
        apis: command.apis,
        baseUrl,
        session: typeof values.session === 'string' ? values.session : undefined,
        polls,
        intervalMs,
        headers: parseHeaders(values.header as string[] | undefined),
        redact,
        timeoutMs: parseInteger(values, 'timeout', 1, 600_000),
        errorBudget: parseInteger(values, 'error-budget', 0, 10_000),
        stopSignal: io.stopSignal,
        onPoll: (n, count, answer) =>
          io.stderr(
            answer
              ? `poll ${n}/${polls}: ${answer} (recorded as a fault step)\n`
              : `poll ${n}/${polls}: ${withCount(count, 'object')}\n`,
          ),
        onCheckpoint: (so) => file.write(so, render),
      });
      await file.write(recording, render);
    } catch (error) {
      if (error instanceof RecordError || error instanceof OutputError) {
        io.stderr(`agent-task-contracts record: ${error.message}\n`);
        return 2;
      }
      throw error;
    }
    for (const v of recording.violations.slice(0, PRINTED_VIOLATIONS)) io.stderr(`violation: ${v}\n`);
    const unprinted = recording.violations.length - PRINTED_VIOLATIONS;
    if (unprinted > 0)
      io.stderr(
        `… and ${unprinted} more ${unprinted === 1 ? 'violation' : 'violations'} ` +
          "(the line of judged laws counts each law's; conform judges the live API with the requests that show each)\n",
      );
    for (const d of recording.drift) io.stderr(`drift: ${describeDrift(d)}\n`);
    const summary = [
      withCount(recording.polls, 'poll'),
      `${recording.errors} answered by an error`,
      withCount(recording.requests, 'request'),
      withCount(recording.violations.length, 'contract violation'),
      `${recording.drift.length} drift ${recording.drift.length === 1 ? 'entry' : 'entries'}`,
    ].join(', ');
    io.stdout(describeLaws(recording.laws));
    if (recording.ended.reason === 'complete') {
      io.stdout(`wrote ${out}: ${summary}\n`);
      return 0;
    }
    io.stdout(
      `recording ended early (${recording.ended.reason}): ${recording.ended.message}\nwrote ${out}: ${summary}\n`,
    );
    return 1;
  },
};
