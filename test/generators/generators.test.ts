import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUILTIN_API_NAMES, ITEM_RULES } from '../../src/apis/index.js';
import { filterValues } from '../../src/contract/filter-values.js';
import { checkItem, type JsonObject, operationsOf } from '../../src/contract/index.js';
import { checkTimeline, type Snapshot } from '../../src/contract/laws/index.js';
import { componentsOf, fieldValue } from '../../src/contract/operations.js';
import { validateComponent } from '../../src/contract/validate.js';
import { brokenObject, legalLifecycle, requestCase, validObject } from '../../src/entries/generators.js';
import { illegalLifecycle } from '../../src/generators/lifecycles.js';
import { BUILTIN } from '../helpers/apis.js';
import { reachableEnums } from './enums.js';

const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);
// Property tests print their seed on failure (fast-check's report includes it); set PROPERTY_SEED to replay.
const params = (numRuns: number) => ({ seed: SEED, numRuns });

const targets = BUILTIN_API_NAMES.flatMap((api) =>
  Object.entries(componentsOf(api, BUILTIN)).map(([target, component]) => ({
    api,
    target: target as 'task' | 'session' | 'envelope',
    component: component!,
  })),
);

describe(`generators (seed ${SEED})`, () => {
  for (const { api, target, component } of targets) {
    it(`${api} ${target}: 1,000 valid values pass the strict schema and every rule`, () => {
      fc.assert(
        fc.property(validObject(api, target), (value) => {
          expect(validateComponent(api, component, value, undefined, BUILTIN)).toEqual([]);
          expect(checkItem(api, target, value, undefined, BUILTIN)).toEqual([]);
        }),
        params(1000),
      );
    });
    it(`${api} ${target}: edge values pass too`, () => {
      fc.assert(
        fc.property(validObject(api, target, { edge: true }), (value) => {
          expect(validateComponent(api, component, value, undefined, BUILTIN)).toEqual([]);
          expect(checkItem(api, target, value, undefined, BUILTIN)).toEqual([]);
        }),
        params(300),
      );
    });
  }

  it('every enum value of every spec is generated', () => {
    // The envelope's result is generated empty (its tasks come from the task generator).
    for (const { api, target, component } of targets.filter((t) => t.target !== 'envelope')) {
      const samples = fc.sample(validObject(api, target, { edge: true }), { seed: SEED, numRuns: 600 });
      const seen = new Set<string>();
      const walk = (v: unknown) => {
        if (typeof v === 'string') seen.add(v);
        else if (Array.isArray(v)) v.forEach(walk);
        else if (v && typeof v === 'object') Object.values(v).forEach(walk);
      };
      samples.forEach(walk);
      const schema = BUILTIN.contractOf(api).spec.components!.schemas!;
      const enums = reachableEnums(schema, component);
      for (const value of enums)
        expect(seen, `${api} ${component}: enum value "${value}" never generated`).toContain(value);
    }
  });

  it('edge mode reaches every state of every API within 200 samples', () => {
    for (const op of BUILTIN_API_NAMES.flatMap((api) => operationsOf(api, BUILTIN)).filter((o) => o.lifecycle)) {
      const states = new Set(
        fc
          .sample(validObject(op.api, op.target, { edge: true }), { seed: SEED, numRuns: 200 })
          .map((t) => fieldValue(t, op.stateField!)),
      );
      expect([...states].sort()).toEqual([...op.lifecycle!.states].sort());
    }
  });

  for (const rule of ITEM_RULES) {
    it(`--break ${rule.id} breaks that rule and only it`, () => {
      fc.assert(
        fc.property(brokenObject(rule.id), (value) => {
          // Valid as the runner reads the schema: a rule may restate what the strict reading also holds.
          expect(
            validateComponent(rule.api, componentsOf(rule.api, BUILTIN)[rule.target]!, value, 'documented', BUILTIN),
          ).toEqual([]);
          const found = new Set(checkItem(rule.api, rule.target, value, undefined, BUILTIN).map((v) => v.law));
          expect(found).toEqual(new Set([rule.id, ...(rule.alsoBreaks ?? [])]));
        }),
        params(200),
      );
    });
  }

  it('same seed, same values', () => {
    for (const api of BUILTIN_API_NAMES) {
      const a = fc.sample(validObject(api, 'task', { edge: true }), { seed: 42, numRuns: 20 });
      const b = fc.sample(validObject(api, 'task', { edge: true }), { seed: 42, numRuns: 20 });
      expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    }
  });

  it('shrinking a failing property ends in a small value', () => {
    const details = fc.check(
      fc.property(validObject('everruns', 'task'), (t) => t.state !== 'failed'),
      { seed: SEED, numRuns: 500 },
    );
    expect(details.failed).toBe(true);
    const counterexample = details.counterexample![0] as JsonObject;
    expect(counterexample.state).toBe('failed');
    expect(JSON.stringify(counterexample).length).toBeLessThan(400);
  });

  for (const api of BUILTIN_API_NAMES) {
    it(`${api}: legal lifecycles pass every over-time law and every item rule`, () => {
      const op = operationsOf(api, BUILTIN).find((o) => o.lifecycle && o.target === 'task')!;
      fc.assert(
        fc.property(legalLifecycle(api, undefined, BUILTIN), ({ snapshots }) => {
          for (let i = 0; i < snapshots.length; i++) {
            expect(checkItem(api, 'task', snapshots[i]!, undefined, BUILTIN)).toEqual([]);
            expect(validateComponent(api, componentsOf(api, BUILTIN).task!, snapshots[i]!, undefined, BUILTIN)).toEqual(
              [],
            );
            if (i > 0)
              expect(checkTimeline(op, snap(op.idField, snapshots[i - 1]!), snap(op.idField, snapshots[i]!))).toEqual(
                [],
              );
          }
        }),
        params(300),
      );
    });
    it(`${api}: illegal lifecycles break exactly the law they are labelled with`, () => {
      const op = operationsOf(api, BUILTIN).find((o) => o.lifecycle && o.target === 'task')!;
      fc.assert(
        fc.property(illegalLifecycle(api, undefined, BUILTIN), ({ snapshots, breaks }) => {
          const found = new Set<string>();
          for (let i = 1; i < snapshots.length; i++)
            for (const v of checkTimeline(op, snap(op.idField, snapshots[i - 1]!), snap(op.idField, snapshots[i]!)))
              found.add(v.law);
          expect(found).toEqual(new Set(breaks));
        }),
        params(300),
      );
    });
  }

  it('request cases: every rejected parameter is generated with its prescribed response, every asked member asked', () => {
    // About a quarter of the cases are refusals, spread over up to 10 parameters: 400 cases missed
    // one now and then (seed 916582273); 2,000 give each some 50.
    for (const op of BUILTIN_API_NAMES.flatMap((api) => operationsOf(api, BUILTIN))) {
      const cases = fc.sample(requestCase(op), { seed: SEED, numRuns: 2000 });
      expect(cases.some((c) => c.expect.kind === 'ok')).toBe(true);
      for (const r of op.rejected)
        expect(cases.some((c) => c.expect.kind === 'error' && c.query.some(([k]) => k === r.param))).toBe(true);
      // A member carried only when asked for (A2A's artifacts) is asked for, so that the answers carrying it are judged.
      for (const asked of op.askedMembers ?? [])
        expect(
          cases.some((c) => c.expect.kind === 'ok' && c.query.some(([k, v]) => k === asked.param && v === asked.value)),
          `${op.operationId} ${asked.param}=${asked.value}`,
        ).toBe(true);
    }
  });
});

describe('request cases send as valid only values a server must accept', () => {
  it('a value a listed object holds outside the enum of its filter, and a disputed one, are never sent', () => {
    for (const op of BUILTIN_API_NAMES.flatMap((api) => operationsOf(api, BUILTIN))) {
      for (const filter of op.filters) {
        const documented = filterValues(op, filter);
        if (documented.length === 0) continue;
        const pools = { [filter.param]: ['zz_drifted_value', ...documented] };
        const sent = fc
          .sample(requestCase(op, pools), { seed: SEED, numRuns: 500 })
          .filter((c) => c.expect.kind === 'ok')
          .flatMap((c) => c.query.filter(([k]) => k === filter.param).flatMap(([, v]) => v.split(',')));
        expect(sent.length, `${op.operationId} ${filter.param}`).toBeGreaterThan(0);
        expect(sent).not.toContain('zz_drifted_value');
        for (const value of filter.disputed ?? []) expect(sent).not.toContain(value);
      }
    }
  });
});

function snap(idField: string, task: JsonObject): Snapshot {
  return new Map([[String(fieldValue(task, idField)), task]]);
}
