/**
 * The traceability table (specs/sentences.yaml): one entry per unit of each document, with the
 * rules and schema constraints that judge it, or why nothing asserts it, or the gap a rule would
 * fill. This module reads and shape-checks it; check.ts holds it to the documents.
 */
import { parse } from 'yaml';

/** Why a unit is not asserted: the closed list the table may use. */
export const REASONS = {
  'nothing-checkable': 'a heading, a name or an example: nothing to check',
  silent: 'the document is silent on the point',
  ambiguous: 'the document can be read two ways; the note states both',
  'not-observable': 'not observable through the documented GET operations',
} as const;
export type Reason = keyof typeof REASONS;

export interface Entry {
  id: string;
  text: string;
  rules: readonly string[];
  schema: readonly string[];
  notAsserted?: Reason;
  gap?: string;
  note?: string;
}

export type Judgement = 'judged' | 'not asserted' | 'gap';

/** Rules or schema judge it; else a reason says why not; else it is a gap. */
export function judgementOf(entry: Entry): Judgement {
  if (entry.rules.length > 0 || entry.schema.length > 0) return 'judged';
  return entry.notAsserted ? 'not asserted' : 'gap';
}

/** The table by document file name, entries in document order. */
export type Table = ReadonlyMap<string, readonly Entry[]>;

const KEYS = new Set(['id', 'text', 'rules', 'schema', 'not-asserted', 'gap', 'note']);

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');

/** One entry, or undefined when its shape is wrong (the problem is pushed). */
function parseEntry(item: unknown, where: string, index: number, problems: string[]): Entry | undefined {
  const at = `${where} entry ${index + 1}`;
  const fail = (message: string) => {
    problems.push(message);
    return undefined;
  };
  if (item === null || typeof item !== 'object' || Array.isArray(item))
    return fail(`${at}: expected a map with id and text.`);
  const e = item as Record<string, unknown>;
  const label = typeof e.id === 'string' ? `${where} ${e.id}` : at;
  const unknownKeys = Object.keys(e).filter((k) => !KEYS.has(k));
  if (unknownKeys.length > 0)
    problems.push(`${label}: unknown key(s) ${unknownKeys.join(', ')}; the keys are ${[...KEYS].join(', ')}.`);
  if (typeof e.id !== 'string' || typeof e.text !== 'string')
    return fail(`${label}: id and text must both be strings.`);
  if (e.rules !== undefined && !isStringList(e.rules)) return fail(`${label}: rules must be a list of rule ids.`);
  if (e.schema !== undefined && !isStringList(e.schema))
    return fail(`${label}: schema must be a list of "specs/<face>.openapi.yaml#<pointer> <constraint>".`);
  const reason = e['not-asserted'];
  if (reason !== undefined && !(typeof reason === 'string' && Object.hasOwn(REASONS, reason)))
    return fail(`${label}: not-asserted is ${JSON.stringify(reason)}; use one of ${Object.keys(REASONS).join(', ')}.`);
  for (const key of ['gap', 'note'] as const)
    if (e[key] !== undefined && typeof e[key] !== 'string') return fail(`${label}: ${key} must be text.`);
  const entry: Entry = {
    id: e.id,
    text: e.text,
    rules: (e.rules as string[] | undefined) ?? [],
    schema: (e.schema as string[] | undefined) ?? [],
    ...(reason !== undefined ? { notAsserted: reason as Reason } : {}),
    ...(typeof e.gap === 'string' ? { gap: e.gap } : {}),
    ...(typeof e.note === 'string' ? { note: e.note } : {}),
  };
  const judged = entry.rules.length > 0 || entry.schema.length > 0;
  if (judged && entry.notAsserted) problems.push(`${label}: has rules or schema and not-asserted; keep one judgement.`);
  else if (!judged && !entry.notAsserted && !entry.gap?.trim())
    problems.push(
      `${label}: has no judgement; give it rules, schema, not-asserted with a reason, or a gap saying what a rule would check.`,
    );
  else if (entry.notAsserted && entry.gap)
    problems.push(`${label}: is not asserted and a gap at once; keep one judgement.`);
  else if (entry.notAsserted && entry.notAsserted !== 'nothing-checkable' && !entry.note?.trim())
    problems.push(
      `${label}: not-asserted ${entry.notAsserted} needs a note saying why${entry.notAsserted === 'ambiguous' ? ' (state both readings)' : ''}.`,
    );
  return entry;
}

/**
 * Parses the table's text. Every problem of shape is returned as a message naming the file,
 * the entry and what to do; entries with problems are left out of the table.
 */
export function parseTable(text: string, where: string): { table: Table; problems: string[] } {
  const problems: string[] = [];
  let raw: unknown;
  try {
    raw = parse(text);
  } catch (error) {
    return { table: new Map(), problems: [`${where}: not valid YAML (${String(error)}); fix the syntax.`] };
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    return { table: new Map(), problems: [`${where}: expected a map from document file names to lists of entries.`] };
  const table = new Map<string, Entry[]>();
  for (const [file, list] of Object.entries(raw)) {
    if (!Array.isArray(list)) {
      problems.push(`${where}: ${file}: expected a list of entries.`);
      continue;
    }
    const entries: Entry[] = [];
    list.forEach((item: unknown, index) => {
      const entry = parseEntry(item, `${where}: ${file}`, index, problems);
      if (entry) entries.push(entry);
    });
    table.set(file, entries);
  }
  return { table, problems };
}

/** How the table judges its units. */
export interface TableCounts {
  units: number;
  judged: number;
  notAsserted: Record<Reason, number>;
  /** Units no rule judges at all. */
  gaps: number;
  /** Judged units with a part still unjudged (their entry names a gap too). */
  partialGaps: number;
}

export function countTable(table: Table): TableCounts {
  const counts: TableCounts = {
    units: 0,
    judged: 0,
    notAsserted: { 'nothing-checkable': 0, silent: 0, ambiguous: 0, 'not-observable': 0 },
    gaps: 0,
    partialGaps: 0,
  };
  for (const entries of table.values())
    for (const entry of entries) {
      counts.units++;
      const judgement = judgementOf(entry);
      if (judgement === 'judged') {
        counts.judged++;
        if (entry.gap) counts.partialGaps++;
      } else if (judgement === 'not asserted') counts.notAsserted[entry.notAsserted!]++;
      else counts.gaps++;
    }
  return counts;
}

/** "332 judged by …, 105 not asserted (51 nothing-checkable, …), 15 gaps": one line of counts. */
export function describeCounts(c: TableCounts): string {
  const notAsserted = Object.values(c.notAsserted).reduce((a, b) => a + b, 0);
  const reasons = (Object.keys(REASONS) as Reason[]).map((r) => `${c.notAsserted[r]} ${r}`).join(', ');
  return `${c.judged} judged by rules or the schema (${c.partialGaps} of them with a part still unjudged), ${notAsserted} not asserted with a reason (${reasons}), ${c.gaps} gaps`;
}
