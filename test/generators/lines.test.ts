/**
 * `generate` writes objects as JSON text while it draws them (src/generators/lines.ts): the lines must
 * be the objects `drawObjects` gives for the same seed, and the members each repair names
 * (`RuleRepair.members`) must be all it touches, or a repair would read a member that was never built.
 */

import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BUILTIN_API_NAMES, BUILTIN_APIS } from '../../src/apis/index.js';
import { componentOf, componentsOf, fieldValue, operationsOf } from '../../src/contract/operations.js';
import { rulesFor } from '../../src/contract/rules/index.js';
import type { JsonObject, RuleTarget } from '../../src/contract/rules/types.js';
import { BLOCK, bulkWalker, drawObjects } from '../../src/generators/bulk.js';
import { drawBackend, Rng } from '../../src/generators/draw.js';
import { familyRepairs } from '../../src/generators/families.js';
import { blocksApart, drawLines } from '../../src/generators/lines.js';
import { repairMembers } from '../../src/generators/repair.js';
import { apiSetOf } from '../../src/handlers/apis.js';
import type { ApiModule } from '../../src/handlers/profile.js';
import { BUILTIN } from '../helpers/apis.js';

const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);

const targets = BUILTIN_API_NAMES.flatMap((api) =>
  Object.keys(componentsOf(api, BUILTIN)).map((target) => ({ api, target: target as RuleTarget })),
);

/** The first line where two lists differ, or undefined. */
function firstDifference(objects: JsonObject[], lines: string[]): string | undefined {
  if (objects.length !== lines.length) return `${objects.length} objects, ${lines.length} lines`;
  for (let i = 0; i < lines.length; i++) {
    const object = JSON.parse(JSON.stringify(objects[i])) as unknown;
    if (!isDeepStrictEqual(object, JSON.parse(lines[i]!)))
      return `object ${i}:\n  drawn   ${JSON.stringify(objects[i])}\n  written ${lines[i]}`;
  }
  return undefined;
}

describe(`lines written as drawn (seed ${SEED}; set PROPERTY_SEED to replay)`, () => {
  for (const { api, target } of targets)
    it(`${api} ${target}: the lines are the objects drawObjects gives, plain and --edge`, () => {
      // Every built-in repair names its members, so these lines are written as drawn, not serialised.
      expect(repairMembers(api, target, BUILTIN)).toBeDefined();
      for (const edge of [false, true]) {
        const options = { count: edge ? 600 : 2000, seed: SEED, edge, apis: BUILTIN };
        const difference = firstDifference(
          [...drawObjects(api, target, options)],
          [...drawLines(api, target, options)],
        );
        expect(difference, `${api} ${target}${edge ? ' --edge' : ''}`).toBeUndefined();
      }
    });

  it('blocks drawn apart, in any order, are the lines of the whole run (what --threads relies on)', () => {
    const count = 2 * BLOCK + 300;
    for (const { api, target } of targets) {
      const options = { count, seed: SEED, apis: BUILTIN };
      if (!blocksApart(api, target, options)) {
        // A run that keeps a record of its ids is only drawn whole.
        expect(() => [...drawLines(api, target, { ...options, block: 1 })]).toThrow(/draw the run whole/);
        continue;
      }
      const whole = [...drawLines(api, target, options)];
      const blocks = [2, 0, 1].map((block) => [...drawLines(api, target, { ...options, block })]);
      expect(blocks.map((lines) => lines.length)).toEqual([300, BLOCK, BLOCK]);
      expect([...blocks[1]!, ...blocks[2]!, ...blocks[0]!].join('\n') === whole.join('\n'), `${api} ${target}`).toBe(
        true,
      );
      expect(firstDifference([...drawObjects(api, target, options)].slice(2 * BLOCK), blocks[0]!)).toBeUndefined();
      const idField = operationsOf(api, BUILTIN).find((op) => op.target === target)?.idField;
      if (idField !== undefined) {
        const ids = whole.map((line) => fieldValue(JSON.parse(line) as JsonObject, idField));
        expect(new Set(ids).size, `${api} ${target} ids`).toBe(count);
      }
    }
    // The slow objects are the ones drawn apart.
    expect(blocksApart('praxis', 'session', { count, seed: SEED, apis: BUILTIN })).toBe(true);
    expect(blocksApart('everruns', 'task', { count, seed: SEED, apis: BUILTIN })).toBe(true);
    expect(blocksApart('praxis', 'session', { count, seed: SEED, edge: true, apis: BUILTIN })).toBe(false);
    expect(() => [
      ...drawLines('praxis', 'session', { count, seed: SEED, edge: true, block: 1, apis: BUILTIN }),
    ]).toThrow(/draw the run whole/);
    expect(() => [...drawLines('ark', 'task', { count, seed: SEED, block: 3, apis: BUILTIN })]).toThrow(
      `block 3 is not one of the run's blocks: ${count} objects make blocks 0 to 2`,
    );
  });

  it('a repair that names no members: the same lines, every member drawn as a value', () => {
    const praxis = BUILTIN_APIS.praxis as unknown as ApiModule;
    const rules = praxis.contract.rules.map((rule) => {
      if (rule.id !== 'praxis.session-cwd-normalized') return rule;
      const { members: _, ...unnamed } = rule.repair;
      return { ...rule, repair: unnamed };
    });
    const apis = apiSetOf({ praxis: { ...praxis, contract: { ...praxis.contract, rules } } });
    expect(repairMembers('praxis', 'session', apis)).toBeUndefined();
    const options = { count: 300, seed: SEED, apis };
    expect(
      firstDifference([...drawObjects('praxis', 'session', options)], [...drawLines('praxis', 'session', options)]),
    ).toBeUndefined();
  });

  it('each repair touches only the members its repair names (read, set, deleted or asked for)', () => {
    const apis = BUILTIN;
    for (const { api, target } of targets) {
      const repairs = [
        ...rulesFor(api, target, apis).map((rule) => ({ name: rule.id, ...rule.repair })),
        ...familyRepairs(api, target, apis).map((family, i) => ({ name: `${api} ${target} family ${i}`, ...family })),
      ];
      for (const edge of [false, true]) {
        // Objects as the walk draws them, before any repair: each repair meets what the ones before it left.
        const draw = bulkWalker(api, edge, apis, drawBackend, 'draw').component(componentOf(api, target, BUILTIN));
        const r = new Rng(SEED);
        for (let i = 0; i < 1000; i++) {
          const object = draw(r) as JsonObject;
          for (const { name, repair, members } of repairs) {
            const touched = new Set<string>();
            const note = (key: string | symbol) => {
              if (typeof key === 'string') touched.add(key);
            };
            const watched = new Proxy(object, {
              get(t, key, receiver) {
                note(key);
                return Reflect.get(t, key, receiver);
              },
              has(t, key) {
                note(key);
                return Reflect.has(t, key);
              },
              set(t, key, value, receiver) {
                note(key);
                return Reflect.set(t, key, value, receiver);
              },
              deleteProperty(t, key) {
                note(key);
                return Reflect.deleteProperty(t, key);
              },
              getOwnPropertyDescriptor(t, key) {
                note(key);
                return Reflect.getOwnPropertyDescriptor(t, key);
              },
              ownKeys(t) {
                touched.add('(every member)');
                return Reflect.ownKeys(t);
              },
            });
            repair(watched);
            const unnamed = [...touched].filter((key) => !members!.includes(key));
            expect(unnamed, `${name} touched members its repair does not name`).toEqual([]);
          }
        }
      }
    }
  });
});
