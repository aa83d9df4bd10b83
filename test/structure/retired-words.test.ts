/**
 * One word per idea: a name that meant two things was retired for the word that now means one of
 * them alone (CONTRIBUTING.md's glossary). This test fails when a retired identifier, phrase or file
 * name comes back in what the project writes, and says what to write instead; and when a file named
 * `types` holds a value, which belongs in a module named after what it is. Quotations of the
 * source documents (`specs/sources/`) and the generated spec types are theirs, not ours: allowed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The glossary's words, each the one idea a retired name blurred with another. */
type Idea = 'reading' | 'add tasks' | 'source documents' | 'outage' | 'shared exchanges' | 'law' | 'repair';

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
  { name: 'RuleOutcome', write: 'LawOutcome', idea: 'law' },
  { name: 'Violation.rule', write: 'Violation.law', idea: 'law' },
  { name: '.rule', write: '.law (what a violation names is its law)', idea: 'law' },
  { name: '--rules', write: '--laws', idea: 'law' },
  { name: '--exclude-rules', write: '--exclude-laws', idea: 'law' },
  { name: 'excludeRules', write: 'excludeLaws', idea: 'law' },
  { name: 'parseRuleList', write: 'parseLawList', idea: 'law' },
  { name: 'expectRule', write: 'expectLaw', idea: 'law' },
  { name: 'mergeRules', write: 'mergeLaws', idea: 'law' },
  { name: 'renderRulesMarkdown', write: 'renderLawsMarkdown', idea: 'law' },
  { name: 'rules-doc', write: 'laws-doc', idea: 'law' },
  { name: 'rules.md', write: 'laws.md', idea: 'law' },
  { name: 'Contract rules', write: 'Contract laws', idea: 'law' },
  { name: 'rules judged', write: 'laws judged', idea: 'law' },
  { name: 'no rule matches', write: 'no law matches', idea: 'law' },
  { name: 'rules and schema', write: 'laws and schema (a unit of the documents is judged by laws)', idea: 'law' },
  { name: 'RuleKit', write: 'RuleRepair', idea: 'repair' },
  { name: 'kitsOf', write: 'repairsOf', idea: 'repair' },
  { name: 'rule kit', write: "rule's repair", idea: 'repair' },
  { name: 'rule kits', write: "rules' repairs", idea: 'repair' },
  { name: "rule's kit", write: "rule's repair", idea: 'repair' },
  { name: "rules' kits", write: "rules' repairs", idea: 'repair' },
  { name: 'contract/rules/kit', write: 'contract/rules/repair-helpers', idea: 'repair' },
];

/** What the project writes: its sources, guides, examples, schemas and scenarios. */
const SCANNED = ['src', 'docs', 'examples', 'schemas', 'scenarios', 'README.md', 'CONTRIBUTING.md', 'ARCHITECTURE.md'];
/** Where only the file names are held to the list: the tests quote retired names to prove they are refused. */
const NAMES_ONLY = ['test'];
/** Generated from the specs, whose descriptions quote the source documents. */
const GENERATED_SPEC_TYPES = ['src/contract/types/', 'examples/jobs/jobs-types.d.ts'];
const TEXT = /\.(ts|js|mjs|cjs|json|md|ya?ml|html|css)$/;
/** Built or installed, not written (.gitignore). */
const NOT_WRITTEN = /(^|\/)(node_modules|dist|test-results)\//;

function scannedFiles(entries = SCANNED): string[] {
  return entries
    .flatMap((entry) => {
      const path = join(root, entry);
      const files = entry.includes('.')
        ? [path]
        : readdirSync(path, { recursive: true, encoding: 'utf8' }).map((file) => join(path, file));
      return files.map((file) => relative(root, file).replaceAll('\\', '/'));
    })
    .filter(
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

/** `types.ts`, `types.d.ts` or a file in a folder named `types` (the generated spec types are left out above). */
const isTypesFile = (file: string) => /(^|\/)types(\/|\.(d\.)?ts$)/.test(file) && /\.ts$/.test(file);

/** The values a types file declares (a function, a constant, a class, an enum, a value re-exported). */
function valuesIn(file: string, text: string): string[] {
  const declared = /^(?:export )?(?:default )?(?:async )?(?:function|const|let|var|class|enum)\s+(\w+)/gm;
  const reexported = /^export \{([^}]*)\}/gm;
  const found = [
    ...[...text.matchAll(declared)].map((match) => ({ at: match.index, names: [match[1] as string] })),
    ...[...text.matchAll(reexported)].map((match) => ({
      at: match.index,
      names: (match[1] as string)
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '' && !name.startsWith('type ')),
    })),
  ].sort((a, b) => a.at - b.at);
  const lineOf = (at: number) => text.slice(0, at).split('\n').length;
  return found.flatMap(({ at, names }) =>
    names.map(
      (name) =>
        `${file}:${lineOf(at)}: ${name} is a value in a file of types; move it to a module named after what it is`,
    ),
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

  it('no test file is named with a retired name', () => {
    const found = scannedFiles(NAMES_ONLY).flatMap(retiredInPath);
    expect(found, `\n${found.join('\n')}\n`).toEqual([]);
  });

  it('a file or folder named types holds types alone', () => {
    const found = scannedFiles()
      .filter(isTypesFile)
      .flatMap((file) => valuesIn(file, readFileSync(join(root, file), 'utf8')));
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

  it('finds a value in a file of types, and a retired name in a file name, but not a type', () => {
    expect(
      valuesIn('src/x/types.ts', 'export interface A {}\nexport type B = A;\nexport { type C } from "./c.js";'),
    ).toEqual([]);
    expect(
      valuesIn(
        'src/x/types.ts',
        'export type B = 1;\nexport const NOTHING = 0;\nexport {\n  type C,\n  d,\n} from "./c.js";',
      ),
    ).toEqual([
      'src/x/types.ts:2: NOTHING is a value in a file of types; move it to a module named after what it is',
      'src/x/types.ts:3: d is a value in a file of types; move it to a module named after what it is',
    ]);
    expect(isTypesFile('src/handlers/types.ts') && isTypesFile('src/types/index.ts')).toBe(true);
    expect(isTypesFile('src/contract/api-types.ts')).toBe(false);
    expect(retiredInPath('test/contract/rules-doc.test.ts')).toHaveLength(1);
    expect(retiredIn('a.md', 'conform --exclude-rules ark.x')).toEqual([
      'a.md:1: "--exclude-rules" is retired (law); write --exclude-laws',
    ]);
  });

  it('names each retired word once, with a replacement that is not itself retired', () => {
    const names = RETIRED.map((retired) => retired.name);
    expect(new Set(names).size).toBe(names.length);
    for (const retired of RETIRED) expect(retiredIn('list', retired.write), retired.name).toEqual([]);
  });
});
