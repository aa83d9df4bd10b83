/**
 * Reads what the sentence check compares: the documents in a sources folder, the table, the law
 * catalogue and the specs. The default folder is `specs/sources/`, the vendors' documents as the
 * package ships them (a checkout and CI's fresh clone hold them too).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtinApis } from '../../src/apis/builtin-set.js';
import { allLaws } from '../../src/contract/laws/index.js';
import { type CheckResult, checkSentences, schemaResolver } from './check.js';
import { type Sentence, splitDocument } from './split.js';
import { parseTable, type Table } from './table.js';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DEFAULT_SOURCES = fileURLToPath(new URL('../../specs/sources/', import.meta.url));
export const TABLE_FILE = 'specs/sentences.yaml';

/** Every file of the folder, split into units, in file-name order. */
export async function readDocuments(dir: string): Promise<Map<string, Sentence[]>> {
  const names = (await readdir(dir)).sort();
  const documents = new Map<string, Sentence[]>();
  for (const name of names) {
    if (name.startsWith('.') || !(await stat(join(dir, name))).isFile()) continue;
    documents.set(name, splitDocument(name, await readFile(join(dir, name), 'utf8')));
  }
  return documents;
}

/** The table as committed (or another file), with the problems of its shape. */
export async function readTable(
  path = join(REPO_ROOT, TABLE_FILE),
): Promise<{ table: Table; problems: string[]; label: string }> {
  const label = relative(REPO_ROOT, path) || path;
  return { ...parseTable(await readFile(path, 'utf8'), label), label };
}

export const CATALOGUE_IDS: readonly string[] = allLaws(builtinApis()).map((law) => law.id);

const specsByFile = new Map<string, unknown>(
  builtinApis()
    .apiNames()
    .map((api) => [builtinApis().contractOf(api).specFile, builtinApis().contractOf(api).spec]),
);
export const resolveSchema = schemaResolver(specsByFile);

export interface Run extends CheckResult {
  sources: string;
  documents: number;
  /** Problems of the table's own shape (reported before the rest). */
  shape: string[];
}

/** The whole check: documents against the table against the catalogue. */
export async function runCheck(
  options: { sources?: string; table?: string; gapsFail?: boolean; consequencesRequired?: boolean } = {},
): Promise<Run> {
  const sources = options.sources ?? DEFAULT_SOURCES;
  const documents = await readDocuments(sources);
  const { table, problems: shape, label } = await readTable(options.table);
  const result = checkSentences({
    documents,
    table,
    catalogue: CATALOGUE_IDS,
    resolveSchema,
    tablePath: label,
    ...(options.gapsFail !== undefined ? { gapsFail: options.gapsFail } : {}),
    ...(options.consequencesRequired !== undefined ? { consequencesRequired: options.consequencesRequired } : {}),
  });
  return { ...result, sources, documents: documents.size, shape };
}
