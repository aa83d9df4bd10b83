/**
 * Holds the traceability table to the documents and the law catalogue. Every problem is one
 * message naming the document, the unit's id and text, and what to do about it.
 */
import { editDistance } from '../../src/contract/words.js';
import { parseSentenceId, type Sentence } from './split.js';
import { countTable, type Entry, judgementOf, type Table, type TableCounts, unjudged } from './table.js';

/**
 * Whether a gap (an observable unit no law judges yet) fails the check: on, so a new gap fails
 * CI like a missing entry does. Turn it off only while the laws for listed gaps are written.
 */
export const GAPS_FAIL = true;

/**
 * Whether every judged unit must list its consequences (what an answer shows when a server breaks
 * it, each with what judges it or why nothing does), rather than laws for the unit as a whole.
 */
export const CONSEQUENCES_REQUIRED = true;

export interface Problem {
  file: string;
  id?: string;
  message: string;
}

export interface Gap {
  file: string;
  id: string;
  text: string;
  gap: string;
  /** Rules or schema judge the rest of the unit: the gap is the part still unjudged. */
  partial: boolean;
}

export interface Counts extends TableCounts {
  /** Units the documents hold (the table's own count is `units`). */
  sentences: number;
}

export interface CheckInput {
  /** Each document's units, by file name. */
  documents: ReadonlyMap<string, readonly Sentence[]>;
  table: Table;
  /** Every law id of the catalogue. */
  catalogue: readonly string[];
  /** Undefined when a schema reference resolves, else what is wrong with it. */
  resolveSchema(ref: string): string | undefined;
  /** Where the table lives, for messages. */
  tablePath: string;
  gapsFail?: boolean;
  consequencesRequired?: boolean;
}

/** An entry whose unit only moved (same text, another position): its id should follow. */
export interface Move {
  file: string;
  from: string;
  to: string;
}

export interface CheckResult {
  problems: Problem[];
  gaps: Gap[];
  counts: Counts;
  moves: Move[];
}

const quote = (text: string) => `“${text}”`;
/** The unit's line, and the field it describes when the layout says so. */
const where = (sentence: Sentence) => `line ${sentence.line}${sentence.field ? `, ${sentence.field}` : ''}`;

/** Pairs each document's units with the table's entries and says what does not match. */
function matchDocument(
  file: string,
  sentences: readonly Sentence[],
  entries: readonly Entry[],
  tablePath: string,
  problems: Problem[],
  moves: Move[],
): void {
  const byId = new Map<string, Entry>();
  for (const entry of entries) {
    if (byId.has(entry.id))
      problems.push({ file, id: entry.id, message: `${tablePath}: ${file} lists ${entry.id} twice; keep one entry.` });
    byId.set(entry.id, entry);
  }
  const unmatched: Sentence[] = [];
  for (const sentence of sentences) {
    const entry = byId.get(sentence.id);
    if (!entry) {
      unmatched.push(sentence);
      continue;
    }
    byId.delete(sentence.id);
    if (entry.text !== sentence.text)
      problems.push({
        file,
        id: sentence.id,
        message: `${file} ${sentence.id}: the entry's text ${quote(entry.text)} is not the document's ${quote(sentence.text)}; copy the document's text into the entry.`,
      });
  }
  const left = [...byId.values()];
  const take = (predicate: (entry: Entry) => boolean): Entry | undefined => {
    const index = left.findIndex(predicate);
    return index < 0 ? undefined : left.splice(index, 1)[0];
  };
  const notMoved: Sentence[] = [];
  // The same text elsewhere: the unit moved (a unit was added or removed before it).
  for (const sentence of unmatched) {
    const moved = take((e) => e.text === sentence.text);
    if (moved) moves.push({ file, from: moved.id, to: sentence.id });
    if (moved)
      problems.push({
        file,
        id: sentence.id,
        message: `${file} ${sentence.id}: ${quote(sentence.text)} moved (the table has it as ${moved.id}); change the entry's id to ${sentence.id} (--renumber does it for every moved unit).`,
      });
    else notMoved.push(sentence);
  }
  for (const sentence of notMoved) {
    // Another text at the same position: the unit was edited.
    const edited = take((e) => parseSentenceId(e.id)?.position === sentence.position);
    if (edited)
      problems.push({
        file,
        id: sentence.id,
        message: `${file} ${sentence.id} (${where(sentence)}): the document's text changed: it now says ${quote(sentence.text)}; the table's entry ${edited.id} says ${quote(edited.text)}. Read it again, then give the entry id ${sentence.id}, the new text and its judgement.`,
      });
    else
      problems.push({
        file,
        id: sentence.id,
        message: `${file} ${sentence.id} (${where(sentence)}): no entry for ${quote(sentence.text)}; add {id: ${sentence.id}, text} under ${file} in ${tablePath} with its judgement (laws, schema, not-asserted with a reason, or a gap).`,
      });
  }
  for (const entry of left)
    problems.push({
      file,
      id: entry.id,
      message: `${file} ${entry.id}: the table's ${quote(entry.text)} is not in the document any more; remove the entry from ${tablePath} (or fix its id and text if the document was split differently).`,
    });
}

export function checkSentences(input: CheckInput): CheckResult {
  const { documents, table, catalogue, tablePath } = input;
  const problems: Problem[] = [];
  const moves: Move[] = [];
  for (const [file, sentences] of documents)
    matchDocument(file, sentences, table.get(file) ?? [], tablePath, problems, moves);
  for (const file of table.keys())
    if (!documents.has(file))
      problems.push({
        file,
        message: `${tablePath} has entries for ${file}, which is not among the documents read; remove them or point --sources at the folder that holds it.`,
      });

  const known = new Set(catalogue);
  const cited = new Set<string>();
  const gaps: Gap[] = [];
  const counts: Counts = {
    ...countTable(table),
    sentences: [...documents.values()].reduce((n, units) => n + units.length, 0),
  };
  for (const [file, entries] of table) {
    for (const entry of entries) {
      for (const law of entry.laws) {
        cited.add(law);
        if (!known.has(law)) {
          const closest = [...known].sort((a, b) => editDistance(law, a) - editDistance(law, b))[0];
          problems.push({
            file,
            id: entry.id,
            message: `${file} ${entry.id}: law "${law}" does not exist${closest ? ` (did you mean "${closest}"?)` : ''}; law ids are listed in docs/laws.md.`,
          });
        }
      }
      for (const ref of entry.schema) {
        const wrong = input.resolveSchema(ref);
        if (wrong) problems.push({ file, id: entry.id, message: `${file} ${entry.id}: schema "${ref}": ${wrong}.` });
      }
      const partial = judgementOf(entry) === 'judged';
      if (entry.gap) gaps.push({ file, id: entry.id, text: entry.text, gap: entry.gap, partial });
      for (const c of unjudged(entry)) gaps.push({ file, id: entry.id, text: entry.text, gap: c.shows, partial });
      if ((input.consequencesRequired ?? CONSEQUENCES_REQUIRED) && partial && entry.consequences.length === 0)
        problems.push({
          file,
          id: entry.id,
          message:
            `${file} ${entry.id}: ${quote(entry.text)} is judged as a whole; list its consequences instead ` +
            '(each: shows, what an answer of a documented GET shows when a server breaks it, with the laws or ' +
            'schema that judge it, or not-asserted with a note saying why).',
        });
    }
  }
  for (const id of catalogue)
    if (!cited.has(id))
      problems.push({
        file: tablePath,
        message: `law "${id}" cites no sentence of ${tablePath}; add it to the laws of the sentences it judges (docs/laws.md quotes its source).`,
      });
  if (input.gapsFail ?? GAPS_FAIL)
    for (const gap of gaps)
      problems.push({
        file: gap.file,
        id: gap.id,
        message: `${gap.file} ${gap.id}: gap: ${quote(gap.text)} is judged by no law (${gap.gap}); write the law and list it in the entry.`,
      });
  return { problems, gaps, counts, moves };
}

/** The table's text with each moved entry given its unit's new id (its text and judgement unchanged). */
export function renumber(text: string, moves: readonly Move[]): string {
  const to = new Map(moves.map((m) => [m.from, m.to]));
  return text.replace(/^(\s*- id: )(\S+)$/gm, (line, lead: string, id: string) =>
    to.has(id) ? `${lead}${to.get(id)}` : line,
  );
}

/** Resolves `specs/<file>#<JSON pointer> <constraint>` in the given documents. */
export function schemaResolver(specs: ReadonlyMap<string, unknown>): (ref: string) => string | undefined {
  return (ref) => {
    const match = /^([^#\s]+)#(\/\S*)(?: .*)?$/.exec(ref);
    if (!match) return 'not of the form specs/<api>.openapi.yaml#<JSON pointer> <constraint>';
    const [, file, pointer] = match as unknown as [string, string, string];
    if (!specs.has(file)) return `${file} is not a spec (${[...specs.keys()].join(', ')})`;
    let node: unknown = specs.get(file);
    for (const raw of pointer.slice(1).split('/')) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key))
        return `${pointer} does not resolve in ${file} (no "${key}")`;
      node = (node as Record<string, unknown>)[key];
    }
    return undefined;
  };
}
