/**
 * Splits a vendor document into the units the traceability table accounts for: sentences and
 * clauses (Chinese on 。；！？, English on sentence ends), every field row of a table, headings,
 * bare names, type lines and code examples. The five documents have five layouts (tab tables,
 * a markdown rendering with one fact per line, wrapped Chinese, one flattened schema line, mixed
 * Chinese and English); the rules below read each layout by its shape, never by file name, so a
 * sentence added to any document becomes a unit of its own.
 *
 * Build-time tooling: it runs under Node (scripts/), never in the browser bundle.
 */
import { createHash } from 'node:crypto';

/** What a unit is, for a reader; the judgement of it lives in the table, not here. */
export type SentenceKind = 'heading' | 'name' | 'field' | 'type' | 'sentence' | 'example';

export interface Sentence {
  /** `<file prefix>-<position>-<hash>`, e.g. `000-017-3fa2c1`. */
  id: string;
  file: string;
  /** 1-based order of the unit in its file. */
  position: number;
  /** 1-based line of the document the unit starts on. */
  line: number;
  kind: SentenceKind;
  /** The unit's text, whitespace collapsed and markdown escapes removed. */
  text: string;
  /** The field or parameter the unit describes, when the layout says so (display only). */
  field?: string;
}

/** First six hex digits of the SHA-256 of the text: an edited sentence gets another id. */
export function textHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 6);
}

/** `000_833527b857329c7b.txt` → `000`; a name without `_` keeps its name without extension. */
export function filePrefix(file: string): string {
  const base = file.replace(/\.[^.]*$/, '');
  const cut = base.indexOf('_');
  return cut > 0 ? base.slice(0, cut) : base;
}

export function sentenceId(file: string, position: number, text: string): string {
  return `${filePrefix(file)}-${String(position).padStart(3, '0')}-${textHash(text)}`;
}

/** Parses an id back into its parts, or undefined when it is not one. */
export function parseSentenceId(id: string): { prefix: string; position: number; hash: string } | undefined {
  const match = /^(.+)-(\d{3,})-([0-9a-f]{6})$/.exec(id);
  return match ? { prefix: match[1]!, position: Number(match[2]), hash: match[3]! } : undefined;
}

/** Collapses whitespace, removes markdown escapes and a leading list marker. */
export function normalize(text: string): string {
  return text
    .replace(/\\([_<>[\]|*`\\])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:[-*•▸] )+/, '')
    .trim();
}

const TYPE_WORDS = 'string|integer|boolean|number|object|array|undefined';

/** Lines of the markdown rendering that only declare a type, a requirement or allowed values. */
const TYPE_LINE = new RegExp(
  `^(?:required|optional|One of:|Allowed values:.*|(?:Array<\\w+>|${TYPE_WORDS}|null)(?: \\| (?:null|string))?(?: format: [\\w-]+)?)$`,
);
/** `session_idstring必填`, `- statusesarray可选`: name, type and requirement glued together. */
const GLUED_FIELD = new RegExp(`^([a-z_][\\w\\[\\]]*?)(?:${TYPE_WORDS})(?:必填|必选|可选)$`);
/** `limit integer 默认值 20 | 每页任务数`: name, type, default and label. */
const PIPE_FIELD = new RegExp(`^([a-z_][\\w.]*) (?:${TYPE_WORDS})(?:\\[\\])? [^|]*\\| .+$`);
/** `items.tool.name`: a dotted field path alone on its line. */
const DOTTED_NAME = /^[a-z_]+(?:\.[a-z_]+)+$/;
/** `session_id Session Id Session ID filter Session ID filter`: name, title, description. */
const TITLED_PARAM = /^([a-z_]+) ([A-Z][a-z]*(?: [A-Z][a-z]*)*) .+$/;
/** A flattened response schema: `200 Successful Response Schema — OPTIONAL jsonrpc …`. */
const FLATTENED_RESPONSE = /^\d{3} \S.* — OPTIONAL/;
/** A lifecycle path such as `CREATED -> QUEUED -> WORKING -> COMPLETED|FAILED`. */
const PATH = /[A-Z][A-Z_]*(?:\|[A-Z][A-Z_]*)*(?: -> [A-Z][A-Z_]*(?:\|[A-Z][A-Z_]*)*)+/g;

/** Splits prose into sentences and clauses; the separators stay with the text before them. */
export function splitProse(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    let cut = -1;
    if ('。；！？'.includes(ch)) cut = i + 1;
    else if (
      '.!?'.includes(ch) &&
      /\s/.test(text[i + 1] ?? '') &&
      !/(?:\b(?:e\.g|i\.e|vs)|\.\.)\.$/.test(text.slice(Math.max(0, i - 4), i + 1))
    )
      cut = i + 1;
    if (cut > 0) {
      out.push(text.slice(start, cut));
      start = cut;
    }
  }
  out.push(text.slice(start));
  return out.map(normalize).filter((s) => s.length > 0);
}

interface Unit {
  line: number;
  kind: SentenceKind;
  text: string;
  field?: string;
}

/** Prose with lifecycle paths in it: each path is its own unit, a short `…：` label a heading. */
function proseUnits(text: string, line: number, field?: string): Unit[] {
  const units: Unit[] = [];
  const push = (kind: SentenceKind, t: string) => units.push({ line, kind, text: t, ...(field ? { field } : {}) });
  const prose = (t: string) => {
    for (const s of splitProse(t)) push(/^[^\s]{1,12}[：:]$/.test(s) ? 'heading' : 'sentence', s);
  };
  let last = 0;
  for (const match of text.matchAll(PATH)) {
    prose(text.slice(last, match.index));
    push('sentence', normalize(match[0]));
    last = match.index + match[0].length;
  }
  prose(text.slice(last));
  return units;
}

/** Where a field begins inside a flattened schema line. */
const FIELD_START = new RegExp(
  [
    // name + type: `created_at integer`, `result object[]`, `object string`
    `(?<=^|\\s)(?=[a-z_][a-z0-9_]* (?:${TYPE_WORDS})(?:\\[\\])?(?:\\s|$))`,
    // name + title: `jsonrpc Jsonrpc — OPTIONAL`, `msg Message`, `type Error Type`
    `(?<=^|\\s)(?=(?!(?:${TYPE_WORDS})\\b)[a-z_][a-z0-9_]* [A-Z][a-z]+)`,
    // name alone, optional: `data — OPTIONAL`
    `(?<=^|\\s)(?=(?!(?:${TYPE_WORDS})\\b)[a-z_][a-z0-9_]* — OPTIONAL)`,
  ].join('|'),
  'g',
);
const FIELD_HEAD = new RegExp(
  `^([a-z_][a-z0-9_]*)(?: (?:(?:${TYPE_WORDS})(?:\\[\\])?|[A-Z][a-z]*(?: [A-Z][a-z]*)*))?(?: — OPTIONAL)?(?: Possible values: \\[[^\\]]*\\])?`,
);

/** One flattened schema line: its heading, then per field a head (name, type) and its description's units. */
function flattenedUnits(text: string, line: number): Unit[] {
  const starts = [...text.matchAll(FIELD_START)].map((m) => m.index);
  const bounds = [0, ...starts.filter((s) => s > 0), text.length];
  const units: Unit[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const chunk = text.slice(bounds[i], bounds[i + 1]).trim();
    if (!chunk) continue;
    if (i === 0 && !FIELD_HEAD.test(chunk)) {
      units.push({ line, kind: 'heading', text: normalize(chunk) });
      continue;
    }
    const head = FIELD_HEAD.exec(chunk)!;
    const field = head[1]!;
    units.push({ line, kind: 'field', text: normalize(head[0]), field });
    units.push(...proseUnits(chunk.slice(head[0].length), line, field));
  }
  return units;
}

const CJK = /[\u3400-\u9fff]/;
const CJK_INNER_PUNCT = /[，。；、：]/;

/**
 * Joins Chinese lines wrapped in the middle of a sentence: a line that ends on an ideograph, has
 * sentence punctuation in it (prose, not a label) and is followed by a non-blank line.
 */
function joinWrapped(lines: readonly { line: number; raw: string }[]): { line: number; raw: string }[] {
  const out: { line: number; raw: string }[] = [];
  for (const current of lines) {
    const previous = out.at(-1);
    const prevText = previous?.raw.trimEnd() ?? '';
    if (
      previous &&
      current.raw.trim() !== '' &&
      prevText !== '' &&
      CJK.test(prevText.at(-1)!) &&
      CJK_INNER_PUNCT.test(prevText) &&
      !prevText.includes(' | ') &&
      !prevText.includes('\t')
    )
      previous.raw = `${prevText} ${current.raw.trim()}`;
    else out.push({ ...current });
  }
  return out;
}

/** Splits one document into its units, numbered in order and given their ids. */
export function splitDocument(file: string, content: string): Sentence[] {
  const rawLines = content.split(/\r?\n/).map((raw, i) => ({ line: i + 1, raw }));
  const markdown = rawLines.some((l) => /^(#{1,6} |```)/.test(l.raw));
  const units: Unit[] = [];
  // Code fences first: an example is one unit, whatever it holds.
  const lines: { line: number; raw: string }[] = [];
  for (let i = 0; i < rawLines.length; i++) {
    const l = rawLines[i]!;
    const fence = /^\s*(`{3,})/.exec(l.raw)?.[1];
    if (fence) {
      // A fence closes only on a line of as many backticks or more (CommonMark): a four-backtick example
      // may quote a three-backtick one.
      const closes = new RegExp(`^\\s*${fence}\`*\\s*$`);
      const body: string[] = [];
      let j = i + 1;
      while (j < rawLines.length && !closes.test(rawLines[j]!.raw)) body.push(rawLines[j++]!.raw);
      lines.push({ line: l.line, raw: `\u0000example\u0000${body.join('\n')}` });
      i = j;
      continue;
    }
    lines.push(l);
  }
  const joined = joinWrapped(lines);
  let field: string | undefined;
  let inTable = false;
  // The markdown rendering puts a field's name, `required` and type on lines of their own: they
  // are one field unit. `One of:` alternatives (`* object`, `* null` and their repeats) belong
  // to the field that has them, not to the last child listed inside the object alternative.
  let declaration: Unit | undefined;
  let oneOf: { unit: Unit; repeat: boolean } | undefined;
  for (let i = 0; i < joined.length; i++) {
    const { line, raw } = joined[i]!;
    const before = joined[i - 1]?.raw.trim() ?? '';
    if (raw.startsWith('\u0000example\u0000')) {
      const text = normalize(raw.slice('\u0000example\u0000'.length));
      if (text) units.push({ line, kind: 'example', text });
      continue;
    }
    const trimmed = raw.trim();
    if (trimmed === '') {
      inTable = false;
      continue;
    }
    const text = normalize(trimmed);
    const withField = (kind: SentenceKind, t: string): Unit => ({ line, kind, text: t, ...(field ? { field } : {}) });
    if (/^#{1,6} /.test(trimmed)) {
      field = undefined;
      declaration = undefined;
      oneOf = undefined;
      units.push({ line, kind: 'heading', text: normalize(trimmed.replace(/^#+ /, '')) });
    } else if (trimmed.endsWith('#') && trimmed.length <= 40) {
      field = undefined;
      units.push({ line, kind: 'heading', text: normalize(trimmed.slice(0, -1)) });
    } else if (raw.includes('\t')) {
      const cells = raw.split('\t').map((c) => c.trim());
      if (!inTable) {
        inTable = true;
        field = undefined;
        units.push({ line, kind: 'heading', text: normalize(cells.join(' ')) });
        continue;
      }
      field = normalize(cells[0]!);
      units.push(withField('field', normalize(`${cells[0]} ${cells[1] ?? ''}`)));
      for (const s of splitProse(cells.slice(2).join(' '))) units.push(withField('sentence', s));
    } else if (FLATTENED_RESPONSE.test(trimmed)) {
      field = undefined;
      units.push(...flattenedUnits(trimmed, line));
    } else if (/^\*\*.+\*\*$/.test(trimmed)) {
      field = normalize(trimmed.slice(2, -2));
      declaration = withField('field', field);
      units.push(declaration);
    } else if (TYPE_LINE.test(text)) {
      const bullet = /^\s*\* /.test(trimmed);
      if (text === 'One of:' && declaration) oneOf = { unit: declaration, repeat: false };
      const owner = oneOf && (bullet || oneOf.repeat) ? oneOf.unit : declaration;
      if (owner) owner.text += ` ${text}`;
      else units.push(withField('type', text));
      if (oneOf && bullet) oneOf.repeat = true;
      else if (oneOf?.repeat) {
        oneOf.repeat = false;
        if (text === 'null') oneOf = undefined;
      }
    } else if (GLUED_FIELD.test(text) || PIPE_FIELD.test(text)) {
      field = (GLUED_FIELD.exec(text) ?? PIPE_FIELD.exec(text))![1]!;
      units.push(withField('field', text));
    } else if (DOTTED_NAME.test(text)) {
      field = text;
      units.push(withField('name', text));
    } else if (TITLED_PARAM.test(text)) {
      field = TITLED_PARAM.exec(text)![1]!;
      units.push(withField('field', text));
    } else if (
      !markdown &&
      (i === 0 || before === '') &&
      text.length <= 60 &&
      !/^(?:GET|POST|PUT|PATCH|DELETE) /.test(text) &&
      !/[.。；;:：!?！？|]/.test(text) &&
      /^[A-Z0-9\u3400-\u9fff]/.test(text)
    ) {
      field = undefined;
      units.push({ line, kind: 'heading', text });
    } else if (markdown && i === 0) {
      units.push({ line, kind: 'heading', text });
    } else {
      // An ordered list's number (`1. `) marks the item, as `- ` does: it is no sentence of its own.
      units.push(...proseUnits(trimmed.replace(/^\d{1,3}\. (?=\S)/, ''), line, field));
    }
  }
  return units.map((u, index) => ({
    id: sentenceId(file, index + 1, u.text),
    file,
    position: index + 1,
    line: u.line,
    kind: u.kind,
    text: u.text,
    ...(u.field ? { field: u.field } : {}),
  }));
}
