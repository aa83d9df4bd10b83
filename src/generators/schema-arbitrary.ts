/**
 * JSON Schema (the contract's strict bundle) → a generator of values. Covers the keywords the
 * specs use: $ref, type (incl. unions with null), enum, const, oneOf/anyOf, properties and
 * required (optional properties are sometimes absent), additionalProperties maps, items,
 * minItems/maxItems, minimum/maximum, pattern prefixes, format date-time, examples, and
 * `not: {}` (a property that must never appear). Built once per schema and reused.
 *
 * One walk of the schema serves two backends: fast-check arbitraries (shrinking, properties) and
 * plain draw functions (bulk generation, see draw.ts), so both make the same kinds of values.
 */
import fc from 'fast-check';
import { isoFromMillis } from '../contract/iso.js';
import type { JsonSchema } from '../contract/openapi.js';
import { base36 } from './digits.js';
import { flatText } from './flat-text.js';
import { pathSteps } from './member-paths.js';
import { isPlain } from './plain-text.js';
import { plausibleFor, UNUSUAL_TITLES, WORDS } from './texts.js';

export interface ArbitraryOptions<A = unknown> {
  /** Lean on what breaks clients: empty and very long strings, non-ASCII, extremes. */
  edge: boolean;
  /** Arbitraries that replace the schema's own at a `$defs` name or a `Component.property` path. */
  overrides?: Record<string, fc.Arbitrary<unknown>>;
  /** The same, built with the walk's own backend (a profile's `overridesIn`): they win over `overrides`. */
  built?: Record<string, A>;
  /**
   * Members whose values must not repeat within a run (`Session.id`, `Session.resources[].id`): where
   * the walk draws them itself (an id of a prefix pattern, or a member named like an id), it draws them
   * with the backend's `distinct`.
   */
  distinct?: readonly string[];
}

/**
 * A place in a schema as the walk names it (`FileResource.id`), or a generator an override built,
 * and whether null may stand there.
 */
type Leaf<A> = ({ schema: JsonSchema; where: string } | { built: A }) & { nullable: boolean };

interface Weighted<A> {
  arbitrary: A;
  weight: number;
}

/** What the walk builds values with; `A` is one backend's generator of a value. */
export interface Backend<A> {
  constant(value: unknown): A;
  constantFrom(values: readonly unknown[]): A;
  integer(min: number, max: number): A;
  /** An integer drawn evenly, never leaning to the bounds: random bits that must not repeat across draws. */
  uniform(min: number, max: number): A;
  /**
   * An integer from `min` to `max` (a range of at most 2⁵² integers) that no other `distinct` draw of
   * the same range gives within one run of bulk draws: unique by construction, so a run keeps no set
   * of the values it gave (a few next to the bounds come first, once each). Drawn one value at a time
   * (fast-check), it is drawn evenly, so that values of different seeds seldom meet.
   */
  distinct(min: number, max: number): A;
  /** Whether no two values of `arbitrary` repeat within one run: a `distinct` draw, in a tuple or an injective map. */
  isDistinct(arbitrary: A): boolean;
  /**
   * The generators at `steps` (`[]` an array's items, a name a record's member) inside one a profile
   * built, through its alternatives and its nulls (`nullable` where null may stand instead); undefined
   * where this backend cannot see inside (a map's result). Lets the walk tell distinct nested ids in
   * an override.
   */
  within?(arbitrary: A, steps: readonly string[]): readonly { arbitrary: A; nullable: boolean }[] | undefined;
  boolean(): A;
  oneof(options: readonly Weighted<A>[]): A;
  /** `value`, or null one time in `freq + 1` (fast-check's default of `fc.option` when not given). */
  nullable(value: A, freq?: number): A;
  array(items: A, minLength: number, maxLength: number): A;
  /** An array of one value of each. */
  tuple(items: readonly A[]): A;
  /** An object of `model`'s keys; a key outside `required` is sometimes absent. */
  record(model: Record<string, A>, required: readonly string[]): A;
  /** An object of up to `maxKeys` short lower-case keys. */
  dictionary(value: A, maxKeys: number): A;
  /** `f` of each value; what `traits` says of `f` lets a backend keep a draw distinct, or write its text faster. */
  map<T>(arbitrary: A, f: (value: T) => unknown, traits?: MapTraits): A;
  filter<T>(arbitrary: A, keep: (value: T) => boolean): A;
  /** Printable ASCII text of `minLength` to `maxLength` characters (the edge cases' very long strings). */
  longText(minLength: number, maxLength: number): A;
  /** A fast-check arbitrary (an override, a rare string form) as this backend's generator. */
  fromFastCheck(arbitrary: fc.Arbitrary<unknown>): A;
}

/** What a backend may know of a map's function. */
export interface MapTraits {
  /** No two values give one result: a distinct draw stays distinct. */
  injective?: boolean;
  /** Its results are strings of printable ASCII without `"` or `\\`, which JSON writes as they are. */
  plain?: boolean;
}

type Defs = Record<string, JsonSchema>;

const MIN_TIME = Date.UTC(2025, 0, 1);
const MAX_TIME = Date.UTC(2027, 0, 1);
const W = WORDS.length;

/** Texts made so far, by their number: each is built once, not once per value drawn. */
const madeWords = new Array<string | undefined>(W + W * W + W * W * W);

/** One to three words from one integer below W + W² + W³ (it shrinks towards "build"). */
function wordsFrom(n: number): string {
  const made = madeWords[n];
  if (made !== undefined) return made;
  let text: string;
  if (n < W) text = WORDS[n]!;
  else if (n < W + W * W) text = `${WORDS[(n - W) % W]} ${WORDS[Math.floor((n - W) / W)]}`;
  else {
    const k = n - W - W * W;
    text = `${WORDS[k % W]} ${WORDS[Math.floor(k / W) % W]} ${WORDS[Math.floor(k / (W * W))]}`;
  }
  madeWords[n] = text = flatText(text);
  return text;
}

const DIGITS_5 = 36 ** 5;

/** `{prefix}` and a base-36 suffix of 8 to 10 digits: shrinks towards `{prefix}00000000`. */
const suffixed = (prefix: string) => (n: number) => {
  const high = Math.floor(n / DIGITS_5);
  const low = n - high * DIGITS_5;
  return high === 0 ? prefix + base36(low, 8) : prefix + base36(high, 3) + base36(low, 5);
};

/** Walks schemas into generators of backend `A`, each component built once. */
export class SchemaWalker<A> {
  private readonly cache = new Map<string, A>();
  /** Where the walk draws `distinct` values (the leaves of `options.distinct`). */
  private readonly distinctWheres: ReadonlySet<string>;

  constructor(
    private readonly defs: Defs,
    private readonly options: ArbitraryOptions<A>,
    private readonly b: Backend<A>,
  ) {
    const leaves = (options.distinct ?? []).flatMap((member) => this.leavesOf(member) ?? []);
    const wheres = leaves.flatMap((leaf) => ('where' in leaf ? [leaf.where] : []));
    this.distinctWheres = new Set(wheres);
  }

  /**
   * Whether the values at `member` (`Session.resources[].id`) never repeat within a run: every leaf
   * it reaches is drawn distinct (by the walk, or by an override built so). With `nulls`, a null
   * there may repeat (a nested id that is absent); without, a leaf that may be null is not distinct.
   */
  isDistinct(member: string, nulls: boolean): boolean {
    const leaves = this.leavesOf(member);
    if (leaves === undefined || leaves.length === 0) return false;
    return leaves.every(
      (leaf) =>
        (nulls || !leaf.nullable) &&
        this.b.isDistinct('built' in leaf ? leaf.built : this.build(leaf.schema, leaf.where)),
    );
  }

  /**
   * The leaves `member` reaches through references, alternatives, items and properties, named as
   * `build` names them; where an override stands before the leaf, what the backend sees inside it
   * (undefined when it sees nothing: the walk does not draw what lies inside).
   */
  private leavesOf(member: string): Leaf<A>[] | undefined {
    const dot = member.indexOf('.');
    const name = dot < 0 ? member : member.slice(0, dot);
    const steps = dot < 0 ? [] : pathSteps(member.slice(dot + 1));
    const out: Leaf<A>[] = [];
    const visit = (schema: JsonSchema | undefined, where: string, at: number, nullable: boolean): boolean => {
      if (schema === undefined) return true;
      const override = this.overrideAt(where);
      if (override !== undefined) {
        if (at === steps.length) {
          out.push({ schema, where, nullable });
          return true;
        }
        const inside = this.b.within?.(override, steps.slice(at));
        if (inside === undefined) return false;
        for (const leaf of inside) out.push({ built: leaf.arbitrary, nullable: nullable || leaf.nullable });
        return true;
      }
      if (typeof schema.$ref === 'string') {
        const ref = schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1);
        return visit(this.defs[ref], ref, at, nullable);
      }
      for (const key of ['oneOf', 'anyOf'] as const) {
        const options = schema[key];
        if (Array.isArray(options))
          return options.every((option, i) => visit(option as JsonSchema, `${where}#${i}`, at, nullable));
      }
      if (Array.isArray(schema.type)) {
        const concrete = schema.type.filter((t) => t !== 'null');
        const withNull = nullable || schema.type.includes('null');
        return concrete.every((type) => visit({ ...schema, type }, where, at, withNull));
      }
      if (at === steps.length) {
        out.push({ schema, where, nullable });
        return true;
      }
      const step = steps[at]!;
      if (step === '[]') return visit(schema.items as JsonSchema | undefined, `${where}[]`, at + 1, false);
      const sub = (schema.properties as Record<string, JsonSchema> | undefined)?.[step];
      return visit(sub, `${where}.${step}`, at + 1, false);
    };
    return visit(this.defs[name], name, 0, false) ? out : undefined;
  }

  /** The generator of one `$defs` entry (a spec component). */
  component(name: string): A {
    const cached = this.cache.get(name);
    if (cached) return cached;
    const schema = this.defs[name];
    if (!schema) throw new Error(`no component "${name}" in the schema bundle`);
    const arb = this.overrideAt(name) ?? this.build(schema, name);
    this.cache.set(name, arb);
    return arb;
  }

  /** The generator of one top-level property of a component (`Task.id`), alone. */
  property(name: string, key: string): A | undefined {
    const sub = (this.defs[name]?.properties as Record<string, JsonSchema> | undefined)?.[key];
    return sub === undefined ? undefined : this.build(sub, `${name}.${key}`);
  }

  private build(schema: JsonSchema, where: string): A {
    const { b } = this;
    const override = this.overrideAt(where);
    if (override) return override;
    if (typeof schema.$ref === 'string') {
      const name = schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1);
      return this.component(name);
    }
    if ('const' in schema) return b.constant(schema.const);
    if (Array.isArray(schema.enum)) return b.constantFrom(schema.enum as unknown[]);
    for (const key of ['oneOf', 'anyOf'] as const) {
      const options = schema[key];
      if (Array.isArray(options))
        return b.oneof(options.map((s, i) => ({ arbitrary: this.build(s as JsonSchema, `${where}#${i}`), weight: 1 })));
    }
    const type = schema.type;
    if (Array.isArray(type)) {
      const concrete = type.filter((t) => t !== 'null');
      const arbs = concrete.map((t) => this.build({ ...schema, type: t }, where));
      const value = arbs.length === 1 ? arbs[0]! : b.oneof(arbs.map((arbitrary) => ({ arbitrary, weight: 1 })));
      return type.includes('null') ? b.nullable(value, 3) : value;
    }
    switch (type) {
      case 'null':
        return b.constant(null);
      case 'boolean':
        return b.boolean();
      case 'integer':
      case 'number':
        return this.number(schema);
      case 'string':
        return this.string(schema, where);
      case 'array':
        return this.array(schema, where);
      case 'object':
        return this.object(schema, where);
      default:
        return b.constant({}); // `{}` or a schema with no type: the spec says nothing, send an empty object
    }
  }

  /** What a profile puts at a `$defs` name or a `Component.property` path, if anything. */
  private overrideAt(where: string): A | undefined {
    const built = this.options.built?.[where];
    if (built !== undefined) return built;
    const override = this.options.overrides?.[where];
    return override ? this.b.fromFastCheck(override) : undefined;
  }

  private number(schema: JsonSchema): A {
    const { b } = this;
    const int32 = schema.format === 'int32';
    const min = typeof schema.minimum === 'number' ? schema.minimum : int32 ? -(2 ** 31) : 0;
    const max =
      typeof schema.maximum === 'number'
        ? schema.maximum
        : int32
          ? 2 ** 31 - 1
          : this.options.edge
            ? Number.MAX_SAFE_INTEGER
            : 1000;
    const small = b.integer(min, Math.min(max, min + 1000));
    if (!this.options.edge) return small;
    return b.oneof([
      { arbitrary: small, weight: 1 },
      { arbitrary: b.constantFrom([min, max]), weight: 1 },
      { arbitrary: b.integer(min, max), weight: 1 },
    ]);
  }

  private string(schema: JsonSchema, where: string): A {
    const text = this.unboundedString(schema, where);
    const min = typeof schema.minLength === 'number' ? schema.minLength : undefined;
    const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
    if (min === undefined && max === undefined) return text;
    // JSON Schema counts code points: cut or pad by code point, never inside a surrogate pair.
    return this.b.map(text, (value: string) => {
      const points = [...value].slice(0, max);
      while (points.length < (min ?? 0)) points.push('x');
      return points.join('');
    });
  }

  /** Readable one- to three-word texts from a single integer draw; with `edge`, odd strings too. */
  private text(): A {
    const { b } = this;
    const plain = b.map(b.integer(0, W + W * W + W * W * W - 1), wordsFrom, { plain: true });
    if (!this.options.edge) return plain;
    return b.oneof([
      { arbitrary: plain, weight: 3 },
      { arbitrary: b.constant(''), weight: 1 },
      { arbitrary: b.fromFastCheck(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 16 })), weight: 2 },
      { arbitrary: b.constantFrom(UNUSUAL_TITLES), weight: 1 },
      { arbitrary: b.longText(2000, 4000), weight: 1 },
    ]);
  }

  private timestamp(): A {
    const { b } = this;
    const normal = b.map(b.integer(MIN_TIME, MAX_TIME), isoFromMillis, { plain: true });
    if (!this.options.edge) return normal;
    const odd = b.constantFrom([
      '1970-01-01T00:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
      '2026-11-29T10:00:00Z',
      '2026-11-29T18:00:00+08:00',
    ]);
    return b.oneof([
      { arbitrary: normal, weight: 1 },
      { arbitrary: odd, weight: 1 },
    ]);
  }

  private unboundedString(schema: JsonSchema, where: string): A {
    const { b } = this;
    const edge = this.options.edge;
    if (schema.format === 'date-time') return this.timestamp();
    const distinct = this.distinctWheres.has(where);
    if (typeof schema.pattern === 'string') {
      const prefix = /^\^([A-Za-z0-9_-]+)$/.exec(schema.pattern)?.[1];
      if (prefix !== undefined) {
        const n = distinct ? b.distinct(0, 36 ** 10 - 1) : b.integer(0, 36 ** 10 - 1);
        return b.map(n, suffixed(prefix), { injective: true, plain: true });
      }
      return b.fromFastCheck(fc.stringMatching(new RegExp(schema.pattern)));
    }
    const field = where.slice(where.lastIndexOf('.') + 1);
    // An id the spec gives no pattern for still reads as an id (`tool_use_0k3x9q`), not words. The
    // draw stays within 31 bits: a wider one takes fast-check's slower path (measured: ~10% per task).
    if (!edge && /(^|_)id$/.test(field) && !Array.isArray(schema.examples)) {
      const prefix = `${field === 'id' ? 'id' : field.slice(0, -3)}_`;
      const n = distinct ? b.distinct(0, 2 ** 31 - 1) : b.integer(0, 2 ** 31 - 1);
      return b.map(n, (n: number) => prefix + base36(n, 6), { injective: true, plain: isPlain(prefix) });
    }
    const plausible = plausibleFor(where);
    const words = this.text();
    // Edge cases keep their odd strings beside the plausible ones.
    const text = plausible
      ? edge
        ? b.oneof([
            { arbitrary: b.constantFrom(plausible), weight: 2 },
            { arbitrary: words, weight: 1 },
          ])
        : b.constantFrom(plausible)
      : words;
    if (Array.isArray(schema.examples) && schema.examples.length > 0) {
      const known = b.constantFrom(schema.examples as string[]);
      // Open strings: mostly the documented values, sometimes one a client has never seen.
      return b.oneof([
        { arbitrary: known, weight: 4 },
        { arbitrary: edge ? b.filter(text, (s: string) => s.length > 0) : text, weight: edge ? 2 : 1 },
      ]);
    }
    return text;
  }

  private array(schema: JsonSchema, where: string): A {
    const items =
      schema.items === undefined ? this.b.constant({}) : this.build(schema.items as JsonSchema, `${where}[]`);
    const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
    const cap = typeof schema.maxItems === 'number' ? schema.maxItems : Number.POSITIVE_INFINITY;
    return this.b.array(items, minLength, Math.max(minLength, Math.min(cap, this.options.edge ? 6 : 3)));
  }

  private object(schema: JsonSchema, where: string): A {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    if (Object.keys(properties).length === 0 && isObjectSchema(schema.additionalProperties))
      return this.b.dictionary(this.build(schema.additionalProperties, `${where}{}`), 3);
    const required = new Set((schema.required ?? []) as string[]);
    const model: Record<string, A> = {};
    for (const [key, sub] of Object.entries(properties)) {
      if (isNever(sub)) continue; // `not: {}`: the property must never appear
      model[key] = this.build(sub, `${where}.${key}`);
    }
    return this.b.record(
      model,
      Object.keys(model).filter((k) => required.has(k)),
    );
  }
}

/** The fast-check backend: arbitraries that shrink, for properties and `fc.sample`. */
export const fastCheckBackend: Backend<fc.Arbitrary<unknown>> = {
  constant: (value) => fc.constant(value),
  constantFrom: (values) => fc.constantFrom(...values),
  integer: (min, max) => fc.integer({ min, max }),
  uniform: (min, max) => fc.noBias(fc.integer({ min, max })),
  distinct: (min, max) => fc.noBias(fc.integer({ min, max })),
  isDistinct: () => false,
  boolean: () => fc.boolean(),
  oneof: (options) =>
    options.every((o) => o.weight === 1) ? fc.oneof(...options.map((o) => o.arbitrary)) : fc.oneof(...options),
  nullable: (value, freq) => fc.option(value, freq === undefined ? { nil: null } : { nil: null, freq }),
  array: (items, minLength, maxLength) => fc.array(items, { minLength, maxLength }),
  tuple: (items) => fc.tuple(...items),
  record(model, required) {
    // All keys required: fast-check's plain record is cheaper than one with optional keys.
    return required.length === Object.keys(model).length
      ? fc.record(model)
      : fc.record(model, { requiredKeys: [...required] });
  },
  dictionary: (value, maxKeys) =>
    fc.dictionary(fc.string({ unit: fc.constantFrom(...'abcdefghij_'), minLength: 1, maxLength: 8 }), value, {
      maxKeys,
    }),
  map: (arbitrary, f) => arbitrary.map((v) => f(v as never)),
  filter: (arbitrary, keep) => arbitrary.filter((v) => keep(v as never)),
  longText: (minLength, maxLength) => fc.string({ minLength, maxLength }),
  fromFastCheck: (arbitrary) => arbitrary,
};

/** fast-check arbitraries of a schema bundle's components. */
export class SchemaArbitraries extends SchemaWalker<fc.Arbitrary<unknown>> {
  constructor(defs: Defs, options: ArbitraryOptions<fc.Arbitrary<unknown>>) {
    super(defs, options, fastCheckBackend);
  }
}

function isNever(schema: JsonSchema): boolean {
  return isObjectSchema(schema.not) && Object.keys(schema.not).length === 0;
}

function isObjectSchema(value: unknown): value is JsonSchema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
