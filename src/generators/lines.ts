/**
 * Objects in bulk as lines of JSON text (`generate`): the objects of `drawObjects` for the same
 * options, written as they are drawn. Only the members the repairs and the id bookkeeping read are
 * drawn as values (`RuleRepair.members`); the others go straight from the random stream to text.
 */
import type { ApiSet, WithApis } from '../contract/api-set.js';
import { componentOf } from '../contract/operations.js';
import type { ApiName } from '../contract/registry.js';
import type { JsonObject, RuleTarget } from '../contract/rules/types.js';
import { BLOCK, blockRng, bulkWalker, type DrawOptions, drawObjects, RunIds, spanOf } from './bulk.js';
import { flatText } from './flat-text.js';
import { repairerFor, repairMembers } from './repair.js';
import type { SchemaWalker } from './schema-arbitrary.js';
import type { RecordNode, TextDraw } from './text.js';
import { textBackend } from './text.js';
import { compileMembers, isPlainJson, jsonText, type MembersWriter } from './text-compile.js';

/** How one API's objects of one target are written as drawn: the record, and which members are values. */
interface LinePlan {
  walker: SchemaWalker<TextDraw>;
  record: RecordNode;
  /**
   * What comes before each member's text, by what came before it (`Written`): `{"key":`, `,"key":`
   * or `","key":`; and before a string written in as it is, the same with its opening quote.
   */
  heads: readonly (readonly string[])[];
  quotedHeads: readonly (readonly string[])[];
  /** Each member's place in the record, for telling a member a repair added. */
  places: ReadonlyMap<string, number>;
  /** Which members are drawn as values: those the repairs touch, and those a run's ids are kept in. */
  asValue: readonly boolean[];
  /** Draws the members: the values into an object, the others as text. */
  draw: MembersWriter;
}

/**
 * The plan, or undefined where objects cannot be written as drawn: an object that is not a record
 * of members, or a repair that does not name its members.
 */
function linePlan(api: ApiName, target: RuleTarget, edge: boolean, apis: ApiSet): LinePlan | undefined {
  return apis.derive(`lines|${api}|${target}|${edge}`, () => {
    const repaired = repairMembers(api, target, apis);
    if (repaired === undefined) return undefined;
    const walker = bulkWalker(api, edge, apis, textBackend, 'text');
    const { node } = walker.component(componentOf(api, target, apis));
    if (node.kind !== 'record') return undefined;
    // Which ids a run keeps is the walk's to say, the same for every run.
    const kept = RunIds.of(walker, (a) => a.value, api, target, apis).members;
    const asValue = node.keys.map((key) => repaired.has(key) || kept.includes(key));
    return {
      walker,
      record: node,
      heads: BEFORE.map((before) => node.keys.map((key) => flatText(`${before}${JSON.stringify(key)}:`))),
      quotedHeads: BEFORE.map((before) => node.keys.map((key) => flatText(`${before}${JSON.stringify(key)}:"`))),
      places: new Map(node.keys.map((key, i) => [key, i])),
      asValue,
      draw: compileMembers(node, asValue),
    };
  });
}

/**
 * The objects `drawObjects(api, target, options)` gives, as JSON texts (one per object, no newline):
 * the same values, their members in the schema's order. With `breaks`, or where no plan applies,
 * the objects drawn and serialised.
 */
export function* drawLines(api: ApiName, target: RuleTarget, options: WithApis<DrawOptions>): Generator<string> {
  const { apis } = options;
  const plan = options.breaks === undefined ? linePlan(api, target, options.edge ?? false, apis) : undefined;
  if (plan === undefined) {
    for (const item of drawObjects(api, target, options)) yield JSON.stringify(item);
    return;
  }
  const { draw } = plan;
  const ids = RunIds.of(plan.walker, (a) => a.value, api, target, apis);
  const fix = repairerFor(api, target, apis);
  const texts: (string | undefined)[] = new Array(plan.asValue.length);
  ids.allowBlock(options);
  const { from, to, blocks } = spanOf(options);
  let r = blockRng(options.seed, from, blocks);
  for (let i = from; i < to; i++) {
    if (i % BLOCK === 0 && i > from) r = blockRng(options.seed, i, blocks);
    const item: JsonObject = {};
    draw(r, item, texts);
    ids.keep(item, r, i);
    fix(item);
    yield lineOf(plan, item, texts);
  }
}

/**
 * Whether the blocks of a run may be drawn apart, each with `drawLines(api, target, { ...options, block })`,
 * and give the lines of the whole run: objects written as drawn, whose ids are unique by construction.
 */
export function blocksApart(api: ApiName, target: RuleTarget, options: WithApis<DrawOptions>): boolean {
  const { apis } = options;
  if (options.breaks !== undefined) return false;
  const plan = linePlan(api, target, options.edge ?? false, apis);
  return plan !== undefined && RunIds.of(plan.walker, (a) => a.value, api, target, apis).independent;
}

/**
 * What a line has written so far: nothing, a member, or a member whose string's closing quote is
 * still to come (joined with the next head: a string written in as it is adds two parts to the
 * line, its head with the opening quote and itself, where it added five).
 */
type Written = 0 | 1 | 2;
const NOTHING = 0;
const MEMBER = 1;
const OPEN_STRING = 2;
const BEFORE = ['{', ',', '",'] as const;
const CLOSE = ['{}', '}', '"}'] as const;

/**
 * One object's text: its members in the record's order, each the repaired value where it is one (or
 * where a repair set it) and the drawn text otherwise; then any member a repair added that the
 * record does not list.
 */
function lineOf(plan: LinePlan, item: JsonObject, texts: readonly (string | undefined)[]) {
  const { keys } = plan.record;
  const { asValue, heads, quotedHeads } = plan;
  let line = '';
  let written: Written = NOTHING;
  let fromItem = 0;
  for (let k = 0; k < keys.length; k++) {
    let text: string | undefined;
    if (Object.hasOwn(item, keys[k]!)) {
      fromItem++;
      const value = item[keys[k]!];
      if (typeof value === 'string' && isPlainJson(value)) {
        line += quotedHeads[written]![k]! + value;
        written = OPEN_STRING;
        continue;
      }
      text = jsonText(value);
    } else if (!asValue[k]) text = texts[k];
    if (text !== undefined) {
      line += heads[written]![k]! + text;
      written = MEMBER;
    }
  }
  if (Object.keys(item).length > fromItem)
    for (const key in item) {
      if (plan.places.has(key)) continue;
      const text = jsonText(item[key]);
      if (text !== undefined) {
        line += `${BEFORE[written]}${JSON.stringify(key)}:${text}`;
        written = MEMBER;
      }
    }
  return line + CLOSE[written];
}
