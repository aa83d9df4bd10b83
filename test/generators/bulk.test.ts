import { describe, expect, it } from 'vitest';
import { BUILTIN_API_NAMES, ITEM_RULES } from '../../src/apis/index.js';
import { checkItem, type JsonObject, operationsOf } from '../../src/contract/index.js';
import { componentsOf, fieldValue } from '../../src/contract/operations.js';
import type { RuleTarget } from '../../src/contract/rules/types.js';
import { validateComponent } from '../../src/contract/validate.js';
import { drawObjects } from '../../src/generators/bulk.js';
import { IdBook, idsAt } from '../../src/generators/nested-ids.js';
import { generatorsOf } from '../../src/generators/profiles.js';
import { BUILTIN } from '../helpers/apis.js';
import { cli } from '../helpers/cli.js';
import { reachableEnums } from './enums.js';

const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);

const targets = BUILTIN_API_NAMES.flatMap((api) =>
  Object.entries(componentsOf(api, BUILTIN)).map(([target, component]) => ({
    api,
    target: target as RuleTarget,
    component: component!,
    idField: operationsOf(api, BUILTIN).find((op) => op.target === target)?.idField,
  })),
);

function problemsOf(api: (typeof targets)[number]['api'], target: RuleTarget, component: string, value: JsonObject) {
  return [
    ...validateComponent(api, component, value, undefined, BUILTIN).map((p) => JSON.stringify(p)),
    ...checkItem(api, target, value, undefined, BUILTIN),
  ];
}

describe('generate --count 1000 --seed 7: a list a user can seed as it is', () => {
  for (const { api, target, component, idField } of targets)
    for (const edge of [false, true])
      it(`${api} ${target}${edge ? ' --edge' : ''}: every object valid, no id twice`, async () => {
        const argv = ['generate', '--api', api, '--what', target, '--count', '1000', '--seed', '7'];
        const { code, out } = await cli(...argv, ...(edge ? ['--edge'] : []));
        expect(code).toBe(0);
        const values = out
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as JsonObject);
        expect(values).toHaveLength(1000);
        for (const value of values) expect(problemsOf(api, target, component, value)).toEqual([]);
        if (idField !== undefined) expect(new Set(values.map((v) => fieldValue(v, idField))).size).toBe(1000);
      });
});

describe(`bulk draws (seed ${SEED}; set PROPERTY_SEED to replay)`, () => {
  it('edge draws reach every enum value of every spec within 600 objects', () => {
    // The envelope's result is drawn empty (its tasks come from the task generator).
    for (const { api, target, component } of targets.filter((t) => t.target !== 'envelope')) {
      const seen = new Set<unknown>();
      const walk = (v: unknown) => {
        if (typeof v === 'string') seen.add(v);
        else if (Array.isArray(v)) v.forEach(walk);
        else if (v && typeof v === 'object') Object.values(v).forEach(walk);
      };
      for (const value of drawObjects(api, target, { count: 600, seed: SEED, edge: true, apis: BUILTIN })) walk(value);
      const enums = reachableEnums(BUILTIN.contractOf(api).spec.components!.schemas!, component);
      for (const value of enums) expect(seen, `${api} ${component}: "${value}" never drawn`).toContain(value);
    }
  });

  it('plain and edge draws reach every state of every API within 200 objects', () => {
    for (const op of BUILTIN_API_NAMES.flatMap((api) => operationsOf(api, BUILTIN)).filter((o) => o.lifecycle))
      for (const edge of [false, true]) {
        const states = new Set(
          [...drawObjects(op.api, op.target, { count: 200, seed: SEED, edge, apis: BUILTIN })].map((t) =>
            fieldValue(t, op.stateField!),
          ),
        );
        expect([...states].sort()).toEqual([...op.lifecycle!.states].sort());
      }
  });

  it('edge ids stay in the list, once each', () => {
    // Ark's task ids are `task-` and 8 to 10 base-36 digits: the smallest suffix is an edge case.
    const ids = [...drawObjects('ark', 'task', { count: 2000, seed: SEED, edge: true, apis: BUILTIN })].map((t) =>
      String(t.task_id),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.some((id) => /^task-0{5}/.test(id))).toBe(true);
  });

  for (const rule of ITEM_RULES)
    it(`breaks: ${rule.id} breaks that rule and only it`, () => {
      const component = componentsOf(rule.api, BUILTIN)[rule.target]!;
      for (const value of drawObjects(rule.api, rule.target, {
        count: 100,
        seed: SEED,
        breaks: rule.id,
        apis: BUILTIN,
      })) {
        // Valid as the runner reads the schema: a rule may restate what the strict reading also holds.
        expect(validateComponent(rule.api, component, value, 'documented', BUILTIN)).toEqual([]);
        const found = new Set(checkItem(rule.api, rule.target, value, undefined, BUILTIN).map((v) => v.law));
        expect(found).toEqual(new Set([rule.id, ...(rule.alsoBreaks ?? [])]));
      }
    });

  it('nested ids (a tool call id, an ask id) are unique within 10,000 objects of every API (1,000 edge ones)', () => {
    expect(generatorsOf('ark', BUILTIN).nestedIds?.task).toContain('tool.tool_use_id');
    expect(generatorsOf('everruns', BUILTIN).nestedIds?.task).toContain('input_request.id');
    for (const { api, target } of targets) {
      const paths = generatorsOf(api, BUILTIN).nestedIds?.[target] ?? [];
      if (paths.length === 0) continue;
      for (const edge of [false, true]) {
        const values = [...drawObjects(api, target, { count: edge ? 1_000 : 10_000, seed: SEED, edge, apis: BUILTIN })];
        for (const path of paths) {
          const ids = values.flatMap((v) => idsAt(v, path));
          // Every declared path is drawn often (a misspelt path would find nothing): everruns' input_request, one
          // state's, is in about 45 of 1,000 edge objects, and fewer with some seeds.
          expect(ids.length, `${api} ${target} ${path}`).toBeGreaterThan(edge ? 10 : 50);
          expect(ids.length - new Set(ids).size, `${api} ${target} ${path}: repeated ids`).toBe(0);
        }
      }
    }
  });

  it('a nested id given twice takes a suffix that is itself unused; nulls and other types stay', () => {
    const book = new IdBook(['tool.tool_use_id', 'output[].call_id']);
    const items = [
      { tool: { tool_use_id: '' }, output: [{ call_id: 'a' }, { call_id: 'a' }] },
      { tool: { tool_use_id: '' }, output: [{ call_id: 'a_1' }, { call_id: null }, { type: 'message' }] },
      { tool: { tool_use_id: '_2' }, output: 'not a list' },
    ];
    for (const item of items) book.keep(item);
    const ids = items.flatMap((item) => [...idsAt(item, 'tool.tool_use_id'), ...idsAt(item, 'output[].call_id')]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => id.startsWith('a'))).toHaveLength(3);
    expect(items[0]!.tool.tool_use_id).toBe('');
    expect(items[1]!.output).toContainEqual({ call_id: null });
  });

  it('the same seed draws the same list; another seed another', () => {
    const list = (seed: number) =>
      JSON.stringify([...drawObjects('everruns', 'task', { count: 50, seed, edge: true, apis: BUILTIN })]);
    expect(list(SEED)).toBe(list(SEED));
    expect(list(SEED)).not.toBe(list(SEED + 1));
  });

  it('demo values read like what the documents describe', () => {
    const [session] = [...drawObjects('praxis', 'session', { count: 40, seed: SEED, apis: BUILTIN })].filter((s) =>
      Array.isArray((s.agent as JsonObject | undefined)?.mcp_servers),
    );
    for (const server of (session!.agent as { mcp_servers: { url: string }[] }).mcp_servers)
      expect(server.url).toMatch(/^https:\/\/[a-z.-]+\//);
    const outputs = [...drawObjects('jsonrpc', 'task', { count: 40, seed: SEED, apis: BUILTIN })].flatMap(
      (t) => t.output as JsonObject[],
    );
    expect(outputs.length).toBeGreaterThan(0);
    for (const item of outputs) expect(['message', 'function_call']).toContain(item.type);
  });
});
