/**
 * The traceability table (specs/sentences.yaml): one entry per unit of each document, with the
 * laws and schema constraints that judge it, or why nothing asserts it, or the gap a law would
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

/**
 * One observable consequence of a unit: what an answer of a documented GET operation shows when a
 * server breaks the unit (across reads, objects, pages or time), and what judges it, or why nothing
 * does. A consequence with neither is a gap.
 */
export interface Consequence {
  shows: string;
  laws: readonly string[];
  schema: readonly string[];
  notAsserted?: Exclude<Reason, 'nothing-checkable'>;
  note?: string;
}

export interface Entry {
  id: string;
  text: string;
  /** What judges the unit: its own laws and schema, or (with consequences) theirs together. */
  laws: readonly string[];
  schema: readonly string[];
  notAsserted?: Reason;
  gap?: string;
  note?: string;
  consequences: readonly Consequence[];
}

export type Judgement = 'judged' | 'not asserted' | 'gap';

/** Rules or schema judge it; else a reason says why not; else it is a gap. */
export function judgementOf(entry: Entry): Judgement {
  if (entry.laws.length > 0 || entry.schema.length > 0) return 'judged';
  return entry.notAsserted ? 'not asserted' : 'gap';
}

/** The consequences nothing judges and no reason excuses. */
export const unjudged = (entry: Entry): Consequence[] =>
  entry.consequences.filter((c) => c.laws.length === 0 && c.schema.length === 0 && !c.notAsserted);

/** The table by document file name, entries in document order. */
export type Table = ReadonlyMap<string, readonly Entry[]>;

const KEYS = new Set(['id', 'text', 'laws', 'schema', 'not-asserted', 'gap', 'note', 'consequences']);
const CONSEQUENCE_KEYS = new Set(['shows', 'laws', 'schema', 'not-asserted', 'note']);

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');

/** One consequence, or undefined when its shape is wrong (the problem is pushed). */
function parseConsequence(item: unknown, at: string, problems: string[]): Consequence | undefined {
  const fail = (message: string) => {
    problems.push(`${at}: ${message}`);
    return undefined;
  };
  if (item === null || typeof item !== 'object' || Array.isArray(item))
    return fail('expected a map with shows (what an answer shows when a server breaks the unit).');
  const c = item as Record<string, unknown>;
  const unknownKeys = Object.keys(c).filter((k) => !CONSEQUENCE_KEYS.has(k));
  if (unknownKeys.length > 0)
    return fail(`unknown key(s) ${unknownKeys.join(', ')}; the keys are ${[...CONSEQUENCE_KEYS].join(', ')}.`);
  if (typeof c.shows !== 'string' || !c.shows.trim())
    return fail('shows must say what an answer shows when a server breaks the unit.');
  if (c.laws !== undefined && !isStringList(c.laws)) return fail('laws must be a list of law ids.');
  if (c.schema !== undefined && !isStringList(c.schema))
    return fail('schema must be a list of "specs/<api>.openapi.yaml#<pointer> <constraint>".');
  if (c.note !== undefined && typeof c.note !== 'string') return fail('note must be text.');
  const reason = c['not-asserted'];
  const reasons = Object.keys(REASONS).filter((r) => r !== 'nothing-checkable');
  if (reason !== undefined && !(typeof reason === 'string' && reasons.includes(reason)))
    return fail(`not-asserted is ${JSON.stringify(reason)}; use one of ${reasons.join(', ')}.`);
  const consequence: Consequence = {
    shows: c.shows,
    laws: (c.laws as string[] | undefined) ?? [],
    schema: (c.schema as string[] | undefined) ?? [],
    ...(reason !== undefined ? { notAsserted: reason as Consequence['notAsserted'] & string } : {}),
    ...(typeof c.note === 'string' ? { note: c.note } : {}),
  };
  const judged = consequence.laws.length > 0 || consequence.schema.length > 0;
  if (judged && consequence.notAsserted) return fail('has laws or schema and not-asserted; keep one judgement.');
  if (consequence.notAsserted && !consequence.note?.trim())
    return fail(`not-asserted ${consequence.notAsserted} needs a note saying why.`);
  return consequence;
}

/** The unit's consequences (none when the key is absent). */
function parseConsequences(value: unknown, label: string, problems: string[]): Consequence[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length === 0) {
    problems.push(`${label}: consequences must be a non-empty list of {shows, laws | schema | not-asserted}.`);
    return [];
  }
  return value.flatMap((item, i) => parseConsequence(item, `${label} consequence ${i + 1}`, problems) ?? []);
}

/** With consequences, the unit's judgement is theirs: its own keys would say it twice. */
function unitOfConsequences(e: Record<string, unknown>, label: string, problems: string[]): void {
  for (const key of ['laws', 'schema', 'not-asserted', 'gap'])
    if (e[key] !== undefined)
      problems.push(
        `${label}: has consequences and its own ${key}; move the ${key} into the consequence it belongs to.`,
      );
}

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
  if (e.laws !== undefined && !isStringList(e.laws)) return fail(`${label}: laws must be a list of law ids.`);
  if (e.schema !== undefined && !isStringList(e.schema))
    return fail(`${label}: schema must be a list of "specs/<api>.openapi.yaml#<pointer> <constraint>".`);
  const reason = e['not-asserted'];
  if (reason !== undefined && !(typeof reason === 'string' && Object.hasOwn(REASONS, reason)))
    return fail(`${label}: not-asserted is ${JSON.stringify(reason)}; use one of ${Object.keys(REASONS).join(', ')}.`);
  for (const key of ['gap', 'note'] as const)
    if (e[key] !== undefined && typeof e[key] !== 'string') return fail(`${label}: ${key} must be text.`);
  const consequences = parseConsequences(e.consequences, label, problems);
  if (consequences.length > 0) {
    unitOfConsequences(e, label, problems);
    const reasons = consequences.flatMap((c) => c.notAsserted ?? []);
    return {
      id: e.id,
      text: e.text,
      laws: [...new Set(consequences.flatMap((c) => c.laws))],
      schema: [...new Set(consequences.flatMap((c) => c.schema))],
      // Every consequence excused: the unit is not asserted, for its first consequence's reason.
      ...(reasons.length === consequences.length ? { notAsserted: reasons[0]! } : {}),
      ...(typeof e.note === 'string' ? { note: e.note } : {}),
      consequences,
    };
  }
  const entry: Entry = {
    id: e.id,
    text: e.text,
    laws: (e.laws as string[] | undefined) ?? [],
    schema: (e.schema as string[] | undefined) ?? [],
    ...(reason !== undefined ? { notAsserted: reason as Reason } : {}),
    ...(typeof e.gap === 'string' ? { gap: e.gap } : {}),
    ...(typeof e.note === 'string' ? { note: e.note } : {}),
    consequences: [],
  };
  const judged = entry.laws.length > 0 || entry.schema.length > 0;
  if (judged && entry.notAsserted) problems.push(`${label}: has laws or schema and not-asserted; keep one judgement.`);
  else if (!judged && !entry.notAsserted && !entry.gap?.trim())
    problems.push(
      `${label}: has no judgement; give it laws, schema, not-asserted with a reason, or a gap saying what a law would check.`,
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
  /** Units no law judges at all. */
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
        if (entry.gap || unjudged(entry).length > 0) counts.partialGaps++;
      } else if (judgement === 'not asserted') counts.notAsserted[entry.notAsserted!]++;
      else counts.gaps++;
    }
  return counts;
}

/** "332 judged by …, 105 not asserted (51 nothing-checkable, …), 15 gaps": one line of counts. */
export function describeCounts(c: TableCounts): string {
  const notAsserted = Object.values(c.notAsserted).reduce((a, b) => a + b, 0);
  const reasons = (Object.keys(REASONS) as Reason[]).map((r) => `${c.notAsserted[r]} ${r}`).join(', ');
  return `${c.judged} judged by laws or the schema (${c.partialGaps} of them with a part still unjudged), ${notAsserted} not asserted with a reason (${reasons}), ${c.gaps} gaps`;
}
