/**
 * One word per idea: a name that meant two things was retired for the word that now means one of
 * them alone (CONTRIBUTING.md's glossary). This test fails when a retired identifier, phrase or file
 * name comes back in what the project writes, and says what to write instead. Quotations of the
 * source documents (`specs/sources/`) and the generated spec types are theirs, not ours: allowed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The glossary's words, each the one idea a retired name blurred with another. */
type Idea = 'reading' | 'add tasks' | 'source documents' | 'outage' | 'shared exchanges';

interface Retired {
  /** The retired identifier, phrase or file name (matched whole, in any case). */
  name: string;
  /** What to write instead. */
  write: string;
  idea: Idea;
}

const RETIRED: readonly Retired[] = [
  { name: 'SchemaProfile', write: 'SchemaReading', idea: 'reading' },
  { name: 'schema profile', write: "reading (the schema's `strict` or `documented` reading)", idea: 'reading' },
  { name: 'strict profile', write: 'strict reading', idea: 'reading' },
  { name: 'documented profile', write: 'documented reading', idea: 'reading' },
  { name: 'both profiles', write: 'both readings', idea: 'reading' },
  { name: '.seed(', write: '.addTasks( (a seed is a random seed alone)', idea: 'add tasks' },
  { name: '/__mock/seed', write: '/__mock/tasks', idea: 'add tasks' },
  { name: 'SeedOptions', write: 'AddTasksOptions', idea: 'add tasks' },
  { name: 'SeedError', write: 'AddTasksError', idea: 'add tasks' },
  { name: 'SeededSessions', write: 'AddedSessions', idea: 'add tasks' },
  { name: 'seedSession', write: 'storeSessionTasks', idea: 'add tasks' },
  { name: 'completeSeed', write: 'completeTasks', idea: 'add tasks' },
  { name: 'seedDemo', write: 'addDemo', idea: 'add tasks' },
  { name: 'seeded', write: 'added (the `added` sessions of the state, added tasks)', idea: 'add tasks' },
  { name: 'seeding', write: 'adding tasks', idea: 'add tasks' },
  { name: 'seed body', write: 'the body of POST /__mock/tasks', idea: 'add tasks' },
  { name: 'seed bodies', write: 'the bodies of POST /__mock/tasks', idea: 'add tasks' },
  { name: 'seed document', write: 'source document', idea: 'source documents' },
  { name: 'seed documents', write: 'source documents', idea: 'source documents' },
  { name: 'seeds folder', write: 'sources folder', idea: 'source documents' },
  { name: 'setAnswers', write: 'setOutages', idea: 'outage' },
  { name: '/__mock/answers', write: '/__mock/outages', idea: 'outage' },
  { name: 'AnswerRule', write: 'Outage', idea: 'outage' },
  { name: 'AnswerKind', write: 'OutageKind', idea: 'outage' },
  { name: 'StandingAnswer', write: 'StandingOutage', idea: 'outage' },
  { name: 'standingAnswers', write: 'standingOutages', idea: 'outage' },
  { name: 'handlers/answers.ts', write: 'handlers/outages.ts', idea: 'outage' },
  { name: 'answer rule', write: 'outage', idea: 'outage' },
  { name: 'answer rules', write: 'outages', idea: 'outage' },
  { name: 'standing answer', write: 'standing outage', idea: 'outage' },
  { name: 'standing answers', write: 'standing outages', idea: 'outage' },
  { name: 'asked-for answer', write: 'asked-for outage', idea: 'outage' },
  { name: 'shared answers', write: 'shared exchanges (`SharedExchanges`)', idea: 'shared exchanges' },
];

/** What the project writes: its sources, guides, examples, schemas and scenarios. */
const SCANNED = ['src', 'docs', 'examples', 'schemas', 'scenarios', 'README.md', 'CONTRIBUTING.md', 'ARCHITECTURE.md'];
/** Generated from the specs, whose descriptions quote the source documents. */
const GENERATED_SPEC_TYPES = ['src/contract/types/', 'examples/jobs/jobs-types.d.ts'];
const TEXT = /\.(ts|js|mjs|cjs|json|md|ya?ml|html|css)$/;
/** Built or installed, not written (.gitignore). */
const NOT_WRITTEN = /(^|\/)(node_modules|dist|test-results)\//;

function scannedFiles(): string[] {
  return SCANNED.flatMap((entry) => {
    const path = join(root, entry);
    const files = entry.includes('.')
      ? [path]
      : readdirSync(path, { recursive: true, encoding: 'utf8' }).map((file) => join(path, file));
    return files.map((file) => relative(root, file).replaceAll('\\', '/'));
  }).filter(
    (file) =>
      TEXT.test(file) && !NOT_WRITTEN.test(file) && !GENERATED_SPEC_TYPES.some((prefix) => file.startsWith(prefix)),
  );
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ');
const sources = squeeze(
  readdirSync(join(root, 'specs/sources'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(txt|md)$/.test(file))
    .map((file) => readFileSync(join(root, 'specs/sources', file), 'utf8'))
    .join('\n'),
);

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A retired name, whole: `seeded` is not found in `reseeded`, `.seed(` is found in `mock.seed(`. */
const pattern = (name: string) =>
  new RegExp(`${/^\w/.test(name) ? '(?<![\\w-])' : ''}${literal(name)}${/\w$/.test(name) ? '(?![\\w])' : ''}`, 'gi');
const PATTERNS = RETIRED.map((retired) => ({ retired, re: pattern(retired.name) }));

/** The quoted text a match sits in on its line: up to the nearest quotation mark on each side. */
function quotedAround(line: string, start: number, end: number): string {
  const marks = /['"`“”「」]/;
  let from = start;
  while (from > 0 && !marks.test(line[from - 1] as string)) from--;
  let to = end;
  while (to < line.length && !marks.test(line[to] as string)) to++;
  return squeeze(line.slice(from, to)).trim();
}

/** Each retired name in `text` outside a quotation of the source documents, as `file:line: …` lines. */
function retiredIn(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const { retired, re } of PATTERNS) {
      for (const match of line.matchAll(re)) {
        if (sources.includes(quotedAround(line, match.index, match.index + match[0].length))) continue;
        found.push(`${file}:${i + 1}: "${retired.name}" is retired (${retired.idea}); write ${retired.write}`);
      }
    }
  });
  return found;
}

/** A retired name in a path: a folder or a file name without its extension, or a path the name spells. */
function retiredInPath(file: string): string[] {
  const parts = [...file.split('/').map((part) => part.replace(/\.[a-z.]+$/, '')), file];
  return PATTERNS.filter(({ re }) => parts.some((part) => part.match(re))).map(
    ({ retired }) =>
      `${file}: the file name says "${retired.name}", retired (${retired.idea}); name it ${retired.write}`,
  );
}

describe('retired words', () => {
  it('no retired name is written again, in a file or in its name', () => {
    const found = scannedFiles().flatMap((file) => [
      ...retiredInPath(file),
      ...retiredIn(file, readFileSync(join(root, file), 'utf8')),
    ]);
    expect(found, `\n${found.join('\n')}\n`).toEqual([]);
  });

  it('finds a retired name, but not inside another word or in a quotation of a source document', () => {
    expect(retiredIn('a.ts', 'type T = SchemaProfile;')).toEqual([
      'a.ts:1: "SchemaProfile" is retired (reading); write SchemaReading',
    ]);
    expect(retiredIn('a.ts', 'type T = SchemaProfileX;')).toEqual([]);
    const quoted = sources.slice(sources.indexOf('. ') + 2, sources.indexOf('. ') + 60);
    expect(retiredIn('a.ts', `sentence: '${quoted}'`)).toEqual([]);
  });

  it('names each retired word once, with a replacement that is not itself retired', () => {
    const names = RETIRED.map((retired) => retired.name);
    expect(new Set(names).size).toBe(names.length);
    for (const retired of RETIRED) expect(retiredIn('list', retired.write), retired.name).toEqual([]);
  });
});
