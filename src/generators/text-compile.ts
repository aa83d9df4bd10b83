/**
 * Writers compiled from text nodes (text.ts): one JavaScript function per object, its records,
 * alternatives and loops written out, adjacent fixed texts joined, each leaf one call, where a
 * function per node made a call through a closure for every member, array and alternative. Runs of
 * members with few possible texts are one lookup in a table of their combinations (`Finite`): a
 * Praxis session's line was joined from 214 strings, now from 121.
 *
 * The functions are made with `new Function`: only `generate` (Node) loads this module, so a page
 * whose Content-Security-Policy forbids it never meets it.
 */
import { dictionaryKey, type Rng } from './draw.js';
import { flatText } from './flat-text.js';
import type { RecordNode, TextNode } from './text.js';

/** A character JSON must escape, or half of a surrogate pair (written as `\uXXXX` when alone). */
const ESCAPED = /["\\\p{Cc}\p{Cs}]/u;

/** Whether JSON writes `s` as it is, between quotes. */
export const isPlainJson = (s: string): boolean => !ESCAPED.test(s);

/** `s` as a JSON string. */
function quote(s: string): string {
  return isPlainJson(s) ? `"${s}"` : JSON.stringify(s);
}

/**
 * A number as `JSON.stringify` writes it. A safe integer above 2³¹ is printed in two halves, which
 * V8 prints as small integers: a fresh 13-digit one took it 190 ns whole and 40 ns so.
 */
function numberText(n: number): string {
  if (n === (n | 0)) return `${n}`;
  if (n < 0 || !Number.isSafeInteger(n)) return JSON.stringify(n);
  const high = Math.floor(n / 1e6);
  return `${high}${`${n - high * 1e6 + 1e6}`.slice(1)}`;
}

/** What `JSON.stringify` writes of `value`; undefined where it leaves a member out (undefined, a function). */
export function jsonText(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      return numberText(value);
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      return value === null ? 'null' : (JSON.stringify(value) as string | undefined);
  }
}

/** Writes one value's JSON text; undefined where JSON leaves it out. */
type Writer = (r: Rng) => string | undefined;

/** Whether a node's text may be left out (a value JSON writes nothing for). */
function mayBeAbsent(node: TextNode): boolean {
  switch (node.kind) {
    case 'text':
      return node.text === undefined;
    case 'json':
      return true;
    case 'oneof':
      return node.options.some(mayBeAbsent);
    case 'nullable':
      return mayBeAbsent(node.inner);
    default:
      return false;
  }
}

/** A dictionary's text: a key drawn again keeps its first place and takes the later value, as in an object. */
function dictionaryWriter(maxKeys: number, write: Writer): Writer {
  return (r) => {
    const keys: string[] = [];
    const texts: (string | undefined)[] = [];
    for (let n = r.int(0, maxKeys); n > 0; n--) {
      const key = dictionaryKey(r);
      const text = write(r);
      const at = keys.indexOf(key);
      if (at < 0) {
        keys.push(key);
        texts.push(text);
      } else texts[at] = text;
    }
    let out = '';
    for (let i = 0; i < keys.length; i++)
      if (texts[i] !== undefined) out += `${out === '' ? '{' : ','}${quote(keys[i]!)}:${texts[i]}`;
    return out === '' ? '{}' : `${out}}`;
  };
}

/**
 * A node that writes one of few texts, all known before any draw: its texts, and the expression
 * that takes its draws (the ones its writer takes, in their order) and gives the index of its text.
 */
interface Finite {
  texts: readonly string[];
  index: (src: Source) => string;
}

/** The index of a part of one fixed text: it takes no draw. */
const fixedIndex = (): string => '0';

/** A part that is always `text`. */
const fixedPart = (text: string): Finite => ({ texts: [text], index: fixedIndex });

/**
 * At most this many texts in one table. Consecutive members that write few texts (a pick, a
 * nullable pick, a record of them) are written as one text of a table of every combination: V8 keeps
 * a line built by joining strings as a tree of its parts and copies the tree out when the line is
 * written, so fewer, longer parts make a line faster to build and to copy.
 */
const TABLE_LIMIT = 2048;
/** And at most this many characters in all of a table's texts. */
const TABLE_CHARS = 1 << 18;

/** Every combination of the parts' texts in order, or undefined past the limits. */
function combinations(parts: readonly (readonly string[])[]): string[] | undefined {
  let texts = [''];
  for (const part of parts) {
    if (texts.length * part.length > TABLE_LIMIT) return undefined;
    const next: string[] = [];
    for (const before of texts) for (const text of part) next.push(before + text);
    texts = next;
  }
  let chars = 0;
  for (const text of texts) chars += text.length;
  return chars > TABLE_CHARS ? undefined : texts;
}

/** The index of a combination: each part's index in turn (JavaScript evaluates left to right). */
function mixedIndex(src: Source, parts: readonly Finite[]): string {
  let expression = '';
  for (const part of parts) {
    if (part.texts.length === 1) {
      const draws = part.index(src);
      // A part of one text may still take draws (a nullable of one text): they are taken, times 0.
      if (draws !== '0') expression = expression === '' ? `0 * (${draws})` : `${expression} + 0 * (${draws})`;
      continue;
    }
    const own = part.index(src);
    expression = expression === '' ? own : `(${expression}) * ${part.texts.length} + (${own})`;
  }
  return expression === '' ? '0' : expression;
}

const finiteCache = new WeakMap<TextNode, Finite | null>();

/** The node as a `Finite`, or undefined where it writes more texts than a table holds (or a drawn one). */
function finiteOf(node: TextNode): Finite | undefined {
  let found = finiteCache.get(node);
  if (found === undefined) finiteCache.set(node, (found = finiteOfNode(node) ?? null));
  return found ?? undefined;
}

function finiteOfNode(node: TextNode): Finite | undefined {
  switch (node.kind) {
    case 'text':
      return node.text === undefined ? undefined : fixedPart(node.text);
    case 'pick':
      return node.texts.length > TABLE_LIMIT
        ? undefined
        : {
            texts: node.texts,
            index: () => `r.int(0, ${node.texts.length - 1})`,
          };
    case 'boolean':
      return { texts: ['false', 'true'], index: () => 'r.int(0, 1)' };
    case 'nullable': {
      const inner = finiteOf(node.inner);
      if (inner === undefined || inner.texts.length + 1 > TABLE_LIMIT) return undefined;
      return {
        texts: ['null', ...inner.texts],
        index: (src) => `(r.int(0, ${node.freq}) === 0 ? 0 : 1 + (${inner.index(src)}))`,
      };
    }
    case 'oneof': {
      const options = node.options.map(finiteOf);
      if (options.some((o) => o === undefined)) return undefined;
      const texts = options.flatMap((o) => o!.texts);
      if (texts.length > TABLE_LIMIT) return undefined;
      return {
        texts,
        index(src) {
          const at = src.fresh('o');
          src.declare(at);
          let before = 0;
          const branches = options.map((o, i) => {
            const branch = `${before} + (${o!.index(src)})`;
            before += o!.texts.length;
            return i === options.length - 1 ? branch : `${at} < ${node.limits[i]} ? ${branch} : `;
          });
          return `(${at} = r.int(0, ${node.limits[node.limits.length - 1]! - 1}), ${branches.join('')})`;
        },
      };
    }
    case 'tuple': {
      const items = node.items.map(finiteOf);
      if (items.some((item) => item === undefined)) return undefined;
      const parts: Finite[] = [];
      node.items.forEach((_, i) => {
        parts.push(fixedPart(i === 0 ? '[' : ','), items[i]!);
      });
      parts.push(fixedPart(']'));
      return joined(parts);
    }
    case 'record': {
      // Each member's text with its comma; a record of them is finite where every member is.
      const parts: Finite[] = [];
      let first = true;
      for (let k = 0; k < node.keys.length; k++) {
        const member = finiteOf(node.members[k]!.node);
        if (member === undefined) return undefined;
        if (node.optional[k] && first) return undefined; // its comma depends on whether it is there
        const head = `${first ? '' : ','}${JSON.stringify(node.keys[k])}:`;
        const present = member.texts.map((text) => `${head}${text}`);
        if (node.optional[k]) {
          parts.push({
            texts: ['', ...present],
            index: (src) => `(r.int(0, 5) === 0 ? 0 : 1 + (${member.index(src)}))`,
          });
        } else parts.push({ texts: present, index: member.index });
        first = false;
      }
      return joined([fixedPart('{'), ...parts, fixedPart('}')]);
    }
    default:
      return undefined;
  }
}

/** Parts written one after the other, as one finite node (undefined past the limits). */
function joined(parts: readonly Finite[]): Finite | undefined {
  const texts = combinations(parts.map((p) => p.texts));
  return texts === undefined ? undefined : { texts, index: (src) => mixedIndex(src, parts) };
}

/**
 * The source of one function: statements that append to `s`. What is appended next is held back
 * (`run`): fixed texts and finite nodes, joined into one table where there are nodes.
 */
class Source {
  private readonly statements: string[] = [];
  private run: Finite[] = [];
  private runSize = 1;
  private runChars = 0;
  private count = 0;
  private readonly declared: string[] = [];
  readonly externals: unknown[] = [];
  private readonly names = new Map<unknown, string>();

  /** A name no other variable of the function has. */
  fresh(prefix: string): string {
    return `${prefix}${this.count++}`;
  }

  /** A variable of the whole function. */
  declare(name: string): void {
    this.declared.push(name);
  }

  /** The name the function reads `value` by (a draw, a table of texts). */
  external(value: unknown): string {
    let name = this.names.get(value);
    if (name === undefined) {
      name = `e${this.externals.length}`;
      this.externals.push(value);
      this.names.set(value, name);
    }
    return name;
  }

  text(fixed: string): void {
    const last = this.run[this.run.length - 1];
    if (last !== undefined && last.index === fixedIndex) {
      this.run[this.run.length - 1] = fixedPart(last.texts[0] + fixed);
      this.runChars += fixed.length * this.runSize;
    } else this.hold(fixedPart(fixed));
  }

  /** Appends one of a finite node's texts, held back with its neighbours while their table stays small. */
  finite(node: Finite): void {
    this.hold(node);
  }

  /**
   * Holds a part back, after writing out what is held where the table of every combination would
   * pass the limits with it. `runChars` is the table's characters: each text held so far once for
   * every text of the part, and each of the part's once for every combination held so far.
   */
  private hold(part: Finite): void {
    let chars = 0;
    for (const text of part.texts) chars += text.length;
    const size = this.runSize * part.texts.length;
    if (size > TABLE_LIMIT || this.runChars * part.texts.length + chars * this.runSize > TABLE_CHARS) {
      this.flush();
      this.runSize = part.texts.length;
      this.runChars = chars;
    } else {
      this.runChars = this.runChars * part.texts.length + chars * this.runSize;
      this.runSize = size;
    }
    this.run.push(part);
  }

  /**
   * The held-back run as the expressions that append it, in order (none: nothing held), and the
   * run emptied: one lookup in its table of combinations, or, where one part alone passes the
   * limits (a long fixed text, a pick of long texts), that part on its own.
   */
  private take(): string[] {
    const run = this.run;
    this.run = [];
    this.runSize = 1;
    this.runChars = 0;
    if (run.every((part) => part.index === fixedIndex)) {
      const text = run.map((part) => part.texts[0]).join('');
      return text === '' ? [] : [JSON.stringify(text)];
    }
    const texts = run.length === 1 ? run[0]!.texts : combinations(run.map((part) => part.texts));
    if (texts !== undefined) return [`${this.external(texts.map(flatText))}[${mixedIndex(this, run)}]`];
    // Only a part too large for any table is held with others: each is written on its own.
    return run.flatMap((part) => {
      this.run = [part];
      const [expression] = this.take();
      return expression === undefined ? [] : [expression];
    });
  }

  private flush(): void {
    for (const held of this.take()) this.statements.push(`s += ${held};`);
  }

  /** Appends what `expression` gives (a string). */
  append(expression: string): void {
    const held = this.take();
    const last = held.pop();
    for (const before of held) this.statements.push(`s += ${before};`);
    this.statements.push(`s += ${last === undefined ? '' : `${last} + `}(${expression});`);
  }

  line(statement: string): void {
    this.flush();
    this.statements.push(statement);
  }

  /** The function: `(r) => body`, or `(r, item, texts) => body` for members, over the externals. */
  make<F>(parameters: string, body: string): F {
    const names = this.externals.map((_, i) => `e${i}`);
    const bindings = names.length === 0 ? '' : `const ${names.map((n, i) => `${n} = x[${i}]`).join(', ')};`;
    const locals = ["s = ''", 't', 'a = false', ...this.declared].join(', ');
    const source = `${bindings}\nreturn function write(${parameters}) {\nlet ${locals};\n${body}\n};`;
    return new Function('x', 'J', 'N', source)(this.externals, jsonText, numberText) as F;
  }

  body(): string {
    this.line('');
    return this.statements.join('\n');
  }
}

/** How a record's members have been written so far: none, some, or it depends on the draws (flag `c`). */
type Written = 'none' | 'some' | 'maybe';

/**
 * Appends the statements that write `node`. `absent` says what a value JSON leaves out becomes: `null`
 * (in an array) or the flag `a` (the node is the function's whole value).
 */
function emit(src: Source, node: TextNode, absent: 'null' | 'flag'): void {
  const finite = node.kind === 'text' ? undefined : finiteOf(node);
  if (finite !== undefined) {
    src.finite(finite);
    return;
  }
  switch (node.kind) {
    case 'text':
      if (node.text !== undefined) src.text(node.text);
      else if (absent === 'null') src.text('null');
      else src.line('a = true;');
      return;
    case 'pick':
      src.append(`${src.external(node.texts)}[r.int(0, ${node.texts.length - 1})]`);
      return;
    case 'number':
      src.append(`N(${src.external(node.value)}(r))`);
      return;
    case 'quoted':
      src.text('"');
      src.append(`${src.external(node.value)}(r)`);
      src.text('"');
      return;
    case 'json':
      if (absent === 'null') src.append(`J(${src.external(node.value)}(r)) ?? 'null'`);
      else src.line(`t = J(${src.external(node.value)}(r)); if (t === undefined) a = true; else s += t;`);
      return;
    case 'boolean':
      src.append(`r.int(0, 1) === 1 ? 'true' : 'false'`);
      return;
    case 'oneof': {
      const at = src.fresh('o');
      src.line(`const ${at} = r.int(0, ${node.limits[node.limits.length - 1]! - 1});`);
      node.options.forEach((option, i) => {
        const last = i === node.options.length - 1;
        src.line(
          i === 0 ? `if (${at} < ${node.limits[i]}) {` : last ? '} else {' : `} else if (${at} < ${node.limits[i]}) {`,
        );
        emit(src, option, absent);
      });
      src.line('}');
      return;
    }
    case 'nullable':
      src.line(`if (r.int(0, ${node.freq}) === 0) {`);
      src.text('null');
      src.line('} else {');
      emit(src, node.inner, absent);
      src.line('}');
      return;
    case 'tuple':
      src.text('[');
      node.items.forEach((item, i) => {
        if (i > 0) src.text(',');
        emit(src, item, 'null');
      });
      src.text(']');
      return;
    case 'array': {
      const [i, n] = [src.fresh('i'), src.fresh('n')];
      src.text('[');
      src.line(`for (let ${i} = 0, ${n} = r.int(${node.min}, ${node.max}); ${i} < ${n}; ${i}++) {`);
      src.line(`if (${i} > 0) s += ',';`);
      emit(src, node.item, 'null');
      src.line('}');
      src.text(']');
      return;
    }
    case 'dictionary':
      src.append(`${src.external(dictionaryWriter(node.maxKeys, compileText(node.inner)))}(r)`);
      return;
    case 'record':
      emitRecord(src, node);
      return;
  }
}

/** The expression of a member that may be left out: its text, or undefined. */
function absentable(src: Source, node: TextNode): string {
  return node.kind === 'json' ? `J(${src.external(node.value)}(r))` : `${src.external(compileText(node))}(r)`;
}

function emitRecord(src: Source, node: RecordNode): void {
  const written = src.fresh('c');
  src.text('{');
  // The flag is read only where whether a member came before depends on the draws.
  const settled = node.keys.findIndex((_, k) => !node.optional[k] && !mayBeAbsent(node.members[k]!.node));
  if (settled !== 0) {
    src.declare(written);
    src.line(`${written} = false;`);
  }
  let state: Written = 'none';
  node.keys.forEach((key, k) => {
    const head = `${JSON.stringify(key)}:`;
    const member = node.members[k]!.node;
    const optional = node.optional[k]!;
    const maybe = mayBeAbsent(member);
    const finite = optional && state === 'some' ? finiteOf(member) : undefined;
    if (finite !== undefined && finite.texts.length < TABLE_LIMIT) {
      // Absent or present with its comma before it: one of few texts, held back with its neighbours.
      src.finite({
        texts: ['', ...finite.texts.map((text) => `,${head}${text}`)],
        index: (s) => `(r.int(0, 5) === 0 ? 0 : 1 + (${finite.index(s)}))`,
      });
      return;
    }
    if (optional) src.line('if (r.int(0, 5) !== 0) {');
    if (maybe) src.line(`t = ${absentable(src, member)}; if (t !== undefined) {`);
    if (state === 'none') src.text(head);
    else if (state === 'some') src.text(`,${head}`);
    else src.append(`${written} ? ${JSON.stringify(`,${head}`)} : ${JSON.stringify(head)}`);
    if (maybe) src.append('t');
    else emit(src, member, 'null');
    if (state !== 'some' && (optional || maybe)) src.line(`${written} = true;`);
    if (maybe) src.line('}');
    if (optional) src.line('}');
    state = !optional && !maybe ? 'some' : state === 'some' ? 'some' : 'maybe';
  });
  src.text('}');
}

/** The writer of a generator's text. */
function compileText(node: TextNode): Writer {
  const src = new Source();
  if (node.kind === 'record') emitRecord(src, node);
  else emit(src, node, 'flag');
  return src.make<Writer>('r', `${src.body()}\nreturn a ? undefined : s;`);
}

/**
 * The expression that draws a node's value: what its generator's `value` draws, from the same
 * draws in the same order. Each record, array and dictionary is a function of its own that sets its
 * members by name: the walk's one record closure set every record's members through one site, which
 * V8 could only run through its slowest, shape-by-shape lookup.
 */
function valueExpression(src: Source, node: TextNode): string {
  switch (node.kind) {
    case 'text': {
      const literal = node.text === undefined ? undefined : (JSON.parse(node.text) as unknown);
      // null stands for NaN and the infinities too: only strings, numbers and booleans are written in.
      const inline = typeof literal === 'string' || typeof literal === 'number' || typeof literal === 'boolean';
      return inline ? JSON.stringify(literal) : `${src.external(node.constant)}(r)`;
    }
    case 'pick':
      return `${src.external(node.values)}[r.int(0, ${node.values.length - 1})]`;
    case 'number':
    case 'quoted':
    case 'json':
      return `${src.external(node.value)}(r)`;
    case 'boolean':
      return '(r.int(0, 1) === 1)';
    case 'nullable':
      return `(r.int(0, ${node.freq}) === 0 ? null : ${valueExpression(src, node.inner)})`;
    case 'oneof': {
      const at = src.fresh('o');
      src.declare(at);
      const last = node.options.length - 1;
      const branches = node.options.map((option, i) => {
        const value = valueExpression(src, option);
        return i === last ? value : `${at} < ${node.limits[i]} ? ${value} : `;
      });
      return `(${at} = r.int(0, ${node.limits[last]! - 1}), ${branches.join('')})`;
    }
    case 'tuple':
      return `[${node.items.map((item) => valueExpression(src, item)).join(', ')}]`;
    case 'array':
    case 'dictionary':
    case 'record':
      return `${src.external(compileValue(node))}(r)`;
  }
}

/** The draw of an array's, a dictionary's or a record's value (see `valueExpression`). */
function compileValue(node: Extract<TextNode, { kind: 'array' | 'dictionary' | 'record' }>): (r: Rng) => unknown {
  const src = new Source();
  const lines: string[] = [];
  if (node.kind === 'array') {
    const item = valueExpression(src, node.item);
    lines.push(
      'const out = [];',
      `for (let i = 0, n = r.int(${node.min}, ${node.max}); i < n; i++) out.push(${item});`,
      'return out;',
    );
  } else if (node.kind === 'dictionary') {
    const value = valueExpression(src, node.inner);
    lines.push(
      'const out = {};',
      `for (let n = r.int(0, ${node.maxKeys}); n > 0; n--) out[${src.external(dictionaryKey)}(r)] = ${value};`,
      'return out;',
    );
  } else {
    lines.push('const out = {};');
    node.keys.forEach((key, k) => {
      const set = `out[${JSON.stringify(key)}] = ${valueExpression(src, node.members[k]!.node)};`;
      // An optional member is absent one time in six, as in the walk's records.
      lines.push(node.optional[k] ? `if (r.int(0, 5) !== 0) ${set}` : set);
    });
    lines.push('return out;');
  }
  return src.make('r', lines.join('\n'));
}

/**
 * Draws a record's members in order: those `asValue` names as values into `item`, the others as
 * text into `texts` (undefined where absent), taking the random numbers the record's value takes.
 */
export type MembersWriter = (r: Rng, item: Record<string, unknown>, texts: (string | undefined)[]) => void;

export function compileMembers(node: RecordNode, asValue: readonly boolean[]): MembersWriter {
  const src = new Source();
  node.keys.forEach((key, k) => {
    const member = node.members[k]!;
    if (node.optional[k]) src.line(`if (r.int(0, 5) === 0) ${asValue[k] ? '{}' : `texts[${k}] = undefined;`} else {`);
    if (asValue[k]) src.line(`item[${JSON.stringify(key)}] = ${valueExpression(src, member.node)};`);
    else if (mayBeAbsent(member.node)) src.line(`texts[${k}] = ${absentable(src, member.node)};`);
    else {
      src.line(`s = '';`);
      emit(src, member.node, 'null');
      src.line(`texts[${k}] = s;`);
    }
    if (node.optional[k]) src.line('}');
  });
  return src.make<MembersWriter>('r, item, texts', src.body());
}
