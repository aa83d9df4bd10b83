/**
 * Objects in bulk as lines of JSON text (`generate`): the objects of `drawObjects` for the same
 * options, written as they are drawn. Only the members the repairs and the id bookkeeping read are
 * drawn as values (`RuleKit.members`); the others go straight from the random stream to text.
 */
import { type ApiSet, processApis } from '../contract/api-set.js';
import { componentOf } from '../contract/operations.js';
import type { ApiName } from '../contract/registry.js';
import type { JsonObject, RuleTarget } from '../contract/rules/types.js';
import { bulkWalker, type DrawOptions, drawObjects, RunIds } from './bulk.js';
import { Rng } from './draw.js';
import { repairerFor, repairMembers } from './repair.js';
import type { SchemaWalker } from './schema-arbitrary.js';
import type { RecordNode, TextDraw } from './text.js';
import { textBackend } from './text.js';
import { compileMembers, jsonText, type MembersWriter } from './text-compile.js';

/** How one API's objects of one target are written as drawn: the record and the members the repairs touch. */
interface LinePlan {
  walker: SchemaWalker<TextDraw>;
  record: RecordNode;
  repaired: ReadonlySet<string>;
  /** `"key":` and `,"key":` of each member. */
  heads: readonly string[];
  nextHeads: readonly string[];
  /** Each member's place in the record, for telling a member a repair added. */
  places: ReadonlyMap<string, number>;
  /** The members' writers, by which of them are values (a run's ids may need some as values). */
  writers: Map<string, MembersWriter>;
}

/**
 * The plan, or undefined where objects cannot be written as drawn: an object that is not a record
 * of members, or a kit that does not name its members.
 */
function linePlan(api: ApiName, target: RuleTarget, edge: boolean, apis: ApiSet): LinePlan | undefined {
  return apis.derive(`lines|${api}|${target}|${edge}`, () => {
    const repaired = repairMembers(api, target, apis);
    if (repaired === undefined) return undefined;
    const walker = bulkWalker(api, edge, apis, textBackend, 'text');
    const { node } = walker.component(componentOf(api, target, apis));
    if (node.kind !== 'record') return undefined;
    return {
      walker,
      record: node,
      repaired,
      heads: node.keys.map((key) => `${JSON.stringify(key)}:`),
      nextHeads: node.keys.map((key) => `,${JSON.stringify(key)}:`),
      places: new Map(node.keys.map((key, i) => [key, i])),
      writers: new Map(),
    };
  });
}

/**
 * The objects `drawObjects(api, target, options)` gives, as JSON texts (one per object, no newline):
 * the same values, their members in the schema's order. With `breaks`, or where no plan applies,
 * the objects drawn and serialised.
 */
export function* drawLines(api: ApiName, target: RuleTarget, options: DrawOptions): Generator<string> {
  const apis = options.apis ?? processApis();
  const plan = options.breaks === undefined ? linePlan(api, target, options.edge ?? false, apis) : undefined;
  if (plan === undefined) {
    for (const item of drawObjects(api, target, options)) yield JSON.stringify(item);
    return;
  }
  const ids = RunIds.of(plan.walker, (a) => a.value, api, target, apis);
  const asValue = plan.record.keys.map((key) => plan.repaired.has(key) || ids.members.includes(key));
  const signature = asValue.map(Number).join('');
  let draw = plan.writers.get(signature);
  if (draw === undefined) plan.writers.set(signature, (draw = compileMembers(plan.record, asValue)));
  const fix = repairerFor(api, target, apis);
  const texts: (string | undefined)[] = new Array(asValue.length);
  const r = new Rng(options.seed);
  for (let i = 0; i < options.count; i++) {
    const item: JsonObject = {};
    draw(r, item, texts);
    ids.keep(item, r, i);
    fix(item);
    yield lineOf(plan, asValue, item, texts);
  }
}

/**
 * One object's text: its members in the record's order, each the repaired value where it is one (or
 * where a repair set it) and the drawn text otherwise; then any member a repair added that the
 * record does not list.
 */
function lineOf(plan: LinePlan, asValue: readonly boolean[], item: JsonObject, texts: readonly (string | undefined)[]) {
  const { keys } = plan.record;
  let line = '';
  let fromItem = 0;
  for (let k = 0; k < keys.length; k++) {
    let text: string | undefined;
    if (Object.hasOwn(item, keys[k]!)) {
      fromItem++;
      text = jsonText(item[keys[k]!]);
    } else if (!asValue[k]) text = texts[k];
    if (text !== undefined) line += line === '' ? `{${plan.heads[k]}${text}` : `${plan.nextHeads[k]}${text}`;
  }
  if (Object.keys(item).length > fromItem)
    for (const key in item) {
      if (plan.places.has(key)) continue;
      const text = jsonText(item[key]);
      if (text !== undefined) line += `${line === '' ? '{' : ','}${JSON.stringify(key)}:${text}`;
    }
  return line === '' ? '{}' : `${line}}`;
}
