/**
 * Writers compiled from text nodes (text.ts): one JavaScript function per object, its records,
 * alternatives and loops written out, adjacent fixed texts joined, each leaf one call, where a
 * function per node made a call through a closure for every member, array and alternative.
 *
 * The functions are made with `new Function`: only `generate` (Node) loads this module, so a page
 * whose Content-Security-Policy forbids it never meets it.
 */
import { dictionaryKey, type Rng } from './draw.js';
import type { RecordNode, TextNode } from './text.js';

/** A character JSON must escape, or half of a surrogate pair (written as `\uXXXX` when alone). */
const ESCAPED = /["\\\p{Cc}\p{Cs}]/u;

/** `s` as a JSON string. */
function quote(s: string): string {
  return ESCAPED.test(s) ? JSON.stringify(s) : `"${s}"`;
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

/** The source of one function: statements that append to `s`, fixed text held back to join the next. */
class Source {
  private readonly statements: string[] = [];
  private pending = '';
  private count = 0;
  readonly externals: unknown[] = [];
  private readonly names = new Map<unknown, string>();

  /** A name no other variable of the function has. */
  fresh(prefix: string): string {
    return `${prefix}${this.count++}`;
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
    this.pending += fixed;
  }

  /** Appends what `expression` gives (a string). */
  append(expression: string): void {
    const fixed = this.pending === '' ? '' : `${JSON.stringify(this.pending)} + `;
    this.statements.push(`s += ${fixed}(${expression});`);
    this.pending = '';
  }

  line(statement: string): void {
    if (this.pending !== '') this.statements.push(`s += ${JSON.stringify(this.pending)};`);
    this.pending = '';
    this.statements.push(statement);
  }

  /** The function: `(r) => body`, or `(r, item, texts) => body` for members, over the externals. */
  make<F>(parameters: string, body: string): F {
    const names = this.externals.map((_, i) => `e${i}`);
    const bindings = names.length === 0 ? '' : `const ${names.map((n, i) => `${n} = x[${i}]`).join(', ')};`;
    const source = `${bindings}\nreturn function write(${parameters}) {\nlet s = '', t, a = false;\n${body}\n};`;
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
  src.line(`let ${written} = false;`);
  let state: Written = 'none';
  node.keys.forEach((key, k) => {
    const head = `${JSON.stringify(key)}:`;
    const member = node.members[k]!.node;
    const optional = node.optional[k]!;
    const maybe = mayBeAbsent(member);
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
 * Draws a record's members in order: those `asValue` names as values into `item`, the others as
 * text into `texts` (undefined where absent), taking the random numbers the record's value takes.
 */
export type MembersWriter = (r: Rng, item: Record<string, unknown>, texts: (string | undefined)[]) => void;

export function compileMembers(node: RecordNode, asValue: readonly boolean[]): MembersWriter {
  const src = new Source();
  node.keys.forEach((key, k) => {
    const member = node.members[k]!;
    if (node.optional[k]) src.line(`if (r.int(0, 5) === 0) ${asValue[k] ? '{}' : `texts[${k}] = undefined;`} else {`);
    if (asValue[k]) src.line(`item[${JSON.stringify(key)}] = ${src.external(member.value)}(r);`);
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
