/**
 * JSON Schema (the contract's strict bundle) → fast-check arbitrary. Covers the keywords the
 * specs use: $ref, type (incl. unions with null), enum, const, oneOf/anyOf, properties and
 * required (optional properties are sometimes absent), additionalProperties maps, items,
 * minItems/maxItems, minimum/maximum, pattern prefixes, format date-time, examples, and
 * `not: {}` (a property that must never appear). Built once per schema and reused.
 */
import fc from 'fast-check';
import type { JsonSchema } from '../contract/openapi.js';
import { isoFromMillis } from './iso.js';

export interface ArbitraryOptions {
  /** Lean on what breaks clients: empty and very long strings, non-ASCII, extremes. */
  edge: boolean;
  /** Arbitraries that replace the schema's own at a `$defs` name or a `Component.property` path. */
  overrides?: Record<string, fc.Arbitrary<unknown>>;
}

type Defs = Record<string, JsonSchema>;

const MIN_TIME = Date.UTC(2025, 0, 1);
const MAX_TIME = Date.UTC(2027, 0, 1);

const WORDS = [
  'build',
  'test',
  'deploy',
  'watch',
  'logs',
  'report',
  'fix',
  'flaky',
  'index',
  'render',
  'clip',
  'docs',
  'crawl',
  'review',
  'migrate',
  'schema',
  'cache',
  'worker',
  'queue',
  'retry',
  'lint',
  'bench',
  'release',
  'notes',
  'search',
  'sync',
  'backup',
  'upload',
  'parse',
  'api',
  'client',
  'server',
  'session',
  'agent',
  'thread',
  'task',
  'monitor',
  'shell',
  'npm',
  'cargo',
];

/** Edge-case titles: CJK, Latin with diacritics, an emoji, right-to-left Arabic. */
const UNUSUAL_TITLES = ['任务 ✓ 完成', 'Überprüfung — läuft', '🚀 deploy', 'مهمة'] as const;

/**
 * Readable one- to three-word texts from a single integer draw (not one draw per character or
 * per word: generation is several times faster, and values shrink towards "build").
 */
function textArbitrary(edge: boolean): fc.Arbitrary<string> {
  const w = WORDS.length;
  const plain = fc.nat({ max: w + w * w + w * w * w - 1 }).map((n) => {
    if (n < w) return WORDS[n]!;
    if (n < w + w * w) return `${WORDS[(n - w) % w]} ${WORDS[Math.floor((n - w) / w)]}`;
    const k = n - w - w * w;
    return `${WORDS[k % w]} ${WORDS[Math.floor(k / w) % w]} ${WORDS[Math.floor(k / (w * w))]}`;
  });
  if (!edge) return plain;
  return fc.oneof(
    { arbitrary: plain, weight: 3 },
    { arbitrary: fc.constant(''), weight: 1 },
    { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 16 }), weight: 2 },
    { arbitrary: fc.constantFrom(...UNUSUAL_TITLES), weight: 1 },
    { arbitrary: fc.string({ minLength: 2000, maxLength: 4000 }), weight: 1 },
  );
}

/**
 * Values that read like the real thing in a rendered UI, by the field's name: a tool is `bash`,
 * a title says what the task does, an error message says what went wrong.
 */
const PLAUSIBLE: Record<string, readonly string[]> = {
  name: [
    'bash',
    'web_search',
    'code_interpreter',
    'video_generate',
    'file_read',
    'browser',
    'python',
    'image_generate',
  ],
  title: [
    'Run the test suite',
    'Watch the deploy logs',
    'Index the docs',
    'Render the intro clip',
    'Review the pull request',
    'Migrate the schema',
    'Crawl the changelog',
    'Back up the database',
  ],
  description: [
    'Runs the unit tests and reports failures',
    'Follows the deployment until it settles',
    'Renders the intro clip at 1080p',
    'Searches the web for recent release notes',
    'Builds the release artefacts',
    'Checks the site for broken links',
  ],
  message: [
    'Command exited with status 1',
    'Timed out after 300 s',
    'Rate limited by the upstream API',
    'The tool returned malformed JSON',
    'Disk quota exceeded',
  ],
  prompt: [
    'Approve the plan?',
    'Which branch should I deploy?',
    'May I delete the old backups?',
    'Continue with the migration?',
  ],
  command: ['npm test', 'cargo build --release', 'pytest -q', 'make lint', 'npm run deploy'],
};
const PLAUSIBLE_ALIASES: Record<string, string> = {
  error_message: 'message',
  summary: 'description',
  input_prompt: 'prompt',
  label: 'title',
  display_name: 'title',
};

function plausibleFor(where: string): readonly string[] | undefined {
  const field = where.slice(where.lastIndexOf('.') + 1);
  return PLAUSIBLE[field] ?? PLAUSIBLE[PLAUSIBLE_ALIASES[field] ?? ''];
}

function timestampArbitrary(edge: boolean): fc.Arbitrary<string> {
  const normal = fc.integer({ min: MIN_TIME, max: MAX_TIME }).map(isoFromMillis);
  if (!edge) return normal;
  return fc.oneof(
    normal,
    fc.constantFrom(
      '1970-01-01T00:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
      '2026-11-29T10:00:00Z',
      '2026-11-29T18:00:00+08:00',
    ),
  );
}

/** A short base-36 suffix from one integer draw; shrinks towards `00000000`. */
function idSuffix(): fc.Arbitrary<string> {
  return fc.nat({ max: 36 ** 10 - 1 }).map((n) => n.toString(36).padStart(8, '0'));
}

export class SchemaArbitraries {
  private readonly cache = new Map<string, fc.Arbitrary<unknown>>();

  constructor(
    private readonly defs: Defs,
    private readonly options: ArbitraryOptions,
  ) {}

  /** The arbitrary of one `$defs` entry (a spec component). */
  component(name: string): fc.Arbitrary<unknown> {
    const cached = this.cache.get(name);
    if (cached) return cached;
    const schema = this.defs[name];
    if (!schema) throw new Error(`no component "${name}" in the schema bundle`);
    // Recursion guard: components are not recursive in these specs, but a late binding is cheap.
    const arb = this.options.overrides?.[name] ?? this.build(schema, name);
    this.cache.set(name, arb);
    return arb;
  }

  private build(schema: JsonSchema, where: string): fc.Arbitrary<unknown> {
    const override = this.options.overrides?.[where];
    if (override) return override;
    if (typeof schema.$ref === 'string') {
      const name = schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1);
      return this.component(name);
    }
    if ('const' in schema) return fc.constant(schema.const);
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
    for (const key of ['oneOf', 'anyOf'] as const) {
      const options = schema[key];
      if (Array.isArray(options))
        return fc.oneof(...options.map((s, i) => this.build(s as JsonSchema, `${where}#${i}`)));
    }
    const type = schema.type;
    if (Array.isArray(type)) {
      const concrete = type.filter((t) => t !== 'null');
      const arbs = concrete.map((t) => this.build({ ...schema, type: t }, where));
      const value = arbs.length === 1 ? arbs[0]! : fc.oneof(...arbs);
      return type.includes('null') ? fc.option(value, { nil: null, freq: 3 }) : value;
    }
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
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
        return fc.constant({}); // `{}` or a schema with no type: the spec says nothing, send an empty object
    }
  }

  private number(schema: JsonSchema): fc.Arbitrary<number> {
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
    const small = fc.integer({ min, max: Math.min(max, min + 1000) });
    if (!this.options.edge) return small;
    return fc.oneof(small, fc.constantFrom(min, max), fc.integer({ min, max }));
  }

  private string(schema: JsonSchema, where: string): fc.Arbitrary<string> {
    const text = this.unboundedString(schema, where);
    const min = typeof schema.minLength === 'number' ? schema.minLength : undefined;
    const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
    if (min === undefined && max === undefined) return text;
    // JSON Schema counts code points: cut or pad by code point, never inside a surrogate pair.
    return text.map((value) => {
      const points = [...value].slice(0, max);
      while (points.length < (min ?? 0)) points.push('x');
      return points.join('');
    });
  }

  private unboundedString(schema: JsonSchema, where: string): fc.Arbitrary<string> {
    if (schema.format === 'date-time') return timestampArbitrary(this.options.edge);
    if (typeof schema.pattern === 'string') {
      const prefix = /^\^([A-Za-z0-9_-]+)$/.exec(schema.pattern)?.[1];
      if (prefix !== undefined) return idSuffix().map((s) => prefix + s);
      return fc.stringMatching(new RegExp(schema.pattern));
    }
    const field = where.slice(where.lastIndexOf('.') + 1);
    // An id the spec gives no pattern for still reads as an id (`tool_use_0k3x9q`), not words. The
    // draw stays within 31 bits: a wider one takes fast-check's slower path (measured: ~10% per task).
    if (!this.options.edge && /(^|_)id$/.test(field) && !Array.isArray(schema.examples))
      return fc.nat().map((n) => `${field === 'id' ? 'id' : field.slice(0, -3)}_${n.toString(36).padStart(6, '0')}`);
    const plausible = plausibleFor(where);
    const words = textArbitrary(this.options.edge);
    // Edge cases keep their odd strings beside the plausible ones.
    const text = plausible
      ? this.options.edge
        ? fc.oneof({ arbitrary: fc.constantFrom(...plausible), weight: 2 }, { arbitrary: words, weight: 1 })
        : fc.constantFrom(...plausible)
      : words;
    if (Array.isArray(schema.examples) && schema.examples.length > 0) {
      const known = fc.constantFrom(...(schema.examples as string[]));
      // Open strings: mostly the documented values, sometimes one a client has never seen.
      return fc.oneof(
        { arbitrary: known, weight: 4 },
        { arbitrary: this.options.edge ? text.filter((s) => s.length > 0) : text, weight: this.options.edge ? 2 : 1 },
      );
    }
    return text;
  }

  private array(schema: JsonSchema, where: string): fc.Arbitrary<unknown[]> {
    const items = schema.items === undefined ? fc.constant({}) : this.build(schema.items as JsonSchema, `${where}[]`);
    const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
    const cap = typeof schema.maxItems === 'number' ? schema.maxItems : Number.POSITIVE_INFINITY;
    return fc.array(items, { minLength, maxLength: Math.min(cap, this.options.edge ? 6 : 3) });
  }

  private object(schema: JsonSchema, where: string): fc.Arbitrary<Record<string, unknown>> {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema.required ?? []) as string[]);
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, sub] of Object.entries(properties)) {
      if (isNever(sub)) continue; // `not: {}`: the property must never appear
      model[key] = this.build(sub, `${where}.${key}`);
    }
    const requiredKeys = [...required].filter((k) => k in model);
    // All keys required: fast-check's plain record is cheaper than one with optional keys.
    const record =
      requiredKeys.length === Object.keys(model).length ? fc.record(model) : fc.record(model, { requiredKeys });
    if (Object.keys(properties).length === 0 && isObjectSchema(schema.additionalProperties)) {
      const value = this.build(schema.additionalProperties, `${where}{}`);
      return fc.dictionary(fc.string({ unit: fc.constantFrom(...'abcdefghij_'), minLength: 1, maxLength: 8 }), value, {
        maxKeys: 3,
      });
    }
    return record as fc.Arbitrary<Record<string, unknown>>;
  }
}

function isNever(schema: JsonSchema): boolean {
  return isObjectSchema(schema.not) && Object.keys(schema.not).length === 0;
}

function isObjectSchema(value: unknown): value is JsonSchema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
