/**
 * The text backend of the schema walk: each generator draws a value (as draw.ts does) and says how
 * to write the same value's JSON text straight from the random stream, without building it
 * (`TextNode`, compiled by text-compile.ts). `generate` writes lines of it: serialising the objects
 * it built was a third of its time, and building a Praxis session's 20-odd members one key at a
 * time left most of them in V8's slow dictionary mode.
 *
 * Invariant (test/generators/lines.test.ts): the text takes the same random numbers as `value(r)`,
 * in the same order, and is what `JSON.stringify` writes of that value, so one seed gives one list.
 */
import { type Draw, drawBackend as d, OPTION_FREQ } from './draw.js';
import type { Backend } from './schema-arbitrary.js';

/** How a generator's JSON text is written; every draw is the one `value` makes, in its order. */
export type TextNode =
  /** Always this text (undefined: a value JSON leaves out), of the value `constant` draws. */
  | { kind: 'text'; text: string | undefined; constant: Draw }
  /** One of `texts`, by `r.int(0, texts.length - 1)`: the text of that one of `values`. */
  | { kind: 'pick'; texts: readonly string[]; values: readonly unknown[] }
  /** The number `value` draws. */
  | { kind: 'number'; value: Draw }
  /** The string `value` draws, which JSON writes as it is, in quotes. */
  | { kind: 'quoted'; value: Draw }
  /** What `JSON.stringify` writes of what `value` draws (undefined: left out). */
  | { kind: 'json'; value: Draw }
  | { kind: 'boolean' }
  /** Option `i` where `r.int(0, total - 1)` is first below `limits[i]`. */
  | { kind: 'oneof'; limits: readonly number[]; options: readonly TextNode[] }
  /** null where `r.int(0, freq)` is 0. */
  | { kind: 'nullable'; freq: number; inner: TextNode }
  | { kind: 'tuple'; items: readonly TextNode[] }
  | { kind: 'array'; item: TextNode; min: number; max: number }
  /** Up to `maxKeys` members of drawn keys (draw.ts's `dictionary`). */
  | { kind: 'dictionary'; maxKeys: number; inner: TextNode }
  /** Members in order; an optional one is absent where `r.int(0, 5)` is 0 (as in draw.ts). */
  | { kind: 'record'; keys: readonly string[]; optional: readonly boolean[]; members: readonly TextDraw[] };

/** A generator of the text backend: the value, and how to write its text. */
export interface TextDraw {
  value: Draw;
  node: TextNode;
  /** The generators it is made of: an array's items, its alternatives, what null may stand for. */
  parts?: { items?: TextDraw; options?: readonly TextDraw[]; inner?: TextDraw };
}

/** The generators at `steps` inside `draw` (see `Backend.within`). */
function within(
  draw: TextDraw,
  steps: readonly string[],
  nullable = false,
): { arbitrary: TextDraw; nullable: boolean }[] | undefined {
  const { parts, node } = draw;
  if (parts?.inner) return within(parts.inner, steps, true);
  if (steps.length === 0) return [{ arbitrary: draw, nullable }];
  if (parts?.options) {
    const found = parts.options.map((option) => within(option, steps, nullable));
    return found.every((f) => f !== undefined) ? found.flat() : undefined;
  }
  const [step, ...rest] = steps;
  if (step === '[]') return parts?.items ? within(parts.items, rest) : undefined;
  if (node.kind !== 'record') return undefined;
  const at = node.keys.indexOf(step!);
  return at < 0 ? [] : within(node.members[at]!, rest);
}

/** The record node of a generator, if it is one. */
export type RecordNode = Extract<TextNode, { kind: 'record' }>;

const json = (value: Draw): TextDraw => ({ value, node: { kind: 'json', value } });
const number = (value: Draw): TextDraw => ({ value, node: { kind: 'number', value } });

export const textBackend: Backend<TextDraw> = {
  constant(value) {
    const constant = d.constant(value);
    return { value: constant, node: { kind: 'text', text: JSON.stringify(value) as string | undefined, constant } };
  },
  constantFrom(values) {
    const texts = values.map((value) => JSON.stringify(value) as string | undefined);
    const value = d.constantFrom(values);
    if (texts.some((text) => text === undefined)) return json(value);
    return { value, node: { kind: 'pick', texts: texts as string[], values } };
  },
  uniform: (min, max) => number(d.uniform(min, max)),
  distinct: (min, max) => number(d.distinct(min, max)),
  isDistinct: (draw) => d.isDistinct(draw.value),
  within: (draw, steps) => within(draw, steps),
  integer: (min, max) => number(d.integer(min, max)),
  boolean: () => ({ value: d.boolean(), node: { kind: 'boolean' } }),
  oneof(options) {
    const limits: number[] = [];
    let total = 0;
    for (const o of options) limits.push((total += o.weight));
    return {
      value: d.oneof(options.map((o) => ({ arbitrary: o.arbitrary.value, weight: o.weight }))),
      node: { kind: 'oneof', limits, options: options.map((o) => o.arbitrary.node) },
      parts: { options: options.map((o) => o.arbitrary) },
    };
  },
  nullable: (inner, freq = OPTION_FREQ) => ({
    value: d.nullable(inner.value, freq),
    node: { kind: 'nullable', freq, inner: inner.node },
    parts: { inner },
  }),
  tuple: (items) => ({
    value: d.tuple(items.map((i) => i.value)),
    node: { kind: 'tuple', items: items.map((i) => i.node) },
  }),
  array: (items, min, max) => ({
    value: d.array(items.value, min, max),
    node: { kind: 'array', item: items.node, min, max },
    parts: { items },
  }),
  record(model, required) {
    const keys = Object.keys(model);
    const values: Record<string, Draw> = {};
    for (const key of keys) values[key] = model[key]!.value;
    return {
      value: d.record(values, required),
      node: {
        kind: 'record',
        keys,
        optional: keys.map((key) => !required.includes(key)),
        members: keys.map((key) => model[key]!),
      },
    };
  },
  dictionary: (inner, maxKeys) => ({
    value: d.dictionary(inner.value, maxKeys),
    node: { kind: 'dictionary', maxKeys, inner: inner.node },
  }),
  map(inner, f, traits) {
    const value = d.map(inner.value, f, traits);
    return traits?.plain ? { value, node: { kind: 'quoted', value } } : json(value);
  },
  filter: (inner, keep) => json(d.filter(inner.value, keep)),
  longText: (min, max) => json(d.longText(min, max)),
  fromFastCheck: (arbitrary) => json(d.fromFastCheck(arbitrary)),
};
