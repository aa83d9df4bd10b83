/**
 * An item rule's `applies` is binding for every consumer: a rule never checks an object it does
 * not apply to, whether the object is judged by the runner's page laws, the matcher, `checkItem`
 * or the mock's store. Each rule that does not apply to a fixture gets a check that throws (a
 * thrown check is reported as a violation of its rule), so a consumer that ran it would show it.
 */

import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiName,
  checkItem,
  type JsonObject,
  type ListOperation,
  type OperationIdOf,
  operationsOf,
  type RuleTarget,
  type Violation,
} from '../../src/contract/index.js';
import { applyLaws } from '../../src/contract/laws/index.js';
import { rulesFor } from '../../src/contract/rules/index.js';
import type { ItemRule } from '../../src/contract/rules/types.js';
import { judgeResponse } from '../../src/entries/matchers.js';
import { MockStore } from '../../src/handlers/store.js';
import { arkTask, everrunsTask, jsonrpcTask, praxisSession, praxisTask } from '../fixtures.js';
import { BUILTIN } from '../helpers/apis.js';

const CASES: { op: ListOperation; target: RuleTarget; item: JsonObject }[] = [
  ...operationsOf('praxis', BUILTIN).map((op) => ({
    op,
    target: op.target,
    // A monitor: every rule of a bash task applies to the fixture, which must leave one out.
    item: op.target === 'session' ? praxisSession() : { ...praxisTask(), kind: 'monitor' },
  })),
  { op: operationsOf('everruns', BUILTIN)[0]!, target: 'task', item: everrunsTask() },
  { op: operationsOf('ark', BUILTIN)[0]!, target: 'task', item: arkTask() },
  { op: operationsOf('jsonrpc', BUILTIN)[0]!, target: 'task', item: jsonrpcTask() },
];

const pageOf = (op: ListOperation, item: JsonObject): unknown =>
  op.itemsPointer === '' ? [item] : { jsonrpc: '2.0', id: 1, [op.itemsPointer.slice(1)]: [item] };

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Spies on every rule of the target: the ones that do not apply to the item throw when checked.
 * Returns both groups, so a test can also see that the rules that apply did run.
 */
function armRules(target: RuleTarget, op: ListOperation, item: JsonObject) {
  const applying: ReturnType<typeof vi.spyOn>[] = [];
  const notApplying: { rule: ItemRule; check: ReturnType<typeof vi.spyOn> }[] = [];
  for (const rule of rulesFor(op.api, target, BUILTIN)) {
    if (rule.applies?.(item) === false)
      notApplying.push({
        rule,
        check: vi.spyOn(rule, 'check').mockImplementation(() => {
          throw new Error(`${rule.id} was checked on an object it does not apply to`);
        }),
      });
    else applying.push(vi.spyOn(rule, 'check'));
  }
  return { applying, notApplying };
}

function expectNotRun(armed: ReturnType<typeof armRules>, violations: readonly Violation[]): void {
  const ids = new Set(violations.map((v) => v.law));
  for (const { rule, check } of armed.notApplying) {
    expect(check, rule.id).not.toHaveBeenCalled();
    expect(ids.has(rule.id), rule.id).toBe(false);
  }
}

describe("an item rule's applies is binding", () => {
  it('every fixture leaves some rule out, and some rule in', () => {
    for (const { op, target, item } of CASES) {
      const armed = armRules(target, op, item);
      expect(armed.notApplying.length, `${op.api} ${target}`).toBeGreaterThan(0);
      expect(armed.applying.length, `${op.api} ${target}`).toBeGreaterThan(0);
      vi.restoreAllMocks();
    }
  });

  it('checkItem', () => {
    for (const { op, target, item } of CASES) {
      const armed = armRules(target, op, item);
      expectNotRun(armed, checkItem(op.api, target, item, undefined, BUILTIN));
      for (const check of armed.applying) expect(check).toHaveBeenCalledTimes(1);
      vi.restoreAllMocks();
    }
  });

  it("the runner's page laws: not run, and not counted as judged", () => {
    for (const { op, target, item } of CASES) {
      const armed = armRules(target, op, item);
      const exchange = { url: 'http://127.0.0.1/x', query: [], status: 200, contentType: 'application/json' };
      const outcomes = applyLaws(op, 'page', { exchange: { ...exchange, body: pageOf(op, item) } });
      expectNotRun(
        armed,
        outcomes.flatMap((o) => o.judgement.violations),
      );
      for (const { rule } of armed.notApplying)
        expect(outcomes.find((o) => o.law.id === rule.id)?.judgement.judged, rule.id).toBe(
          // A rule the mock alone keeps is no law of the runner at all.
          rule.mockOnly === undefined ? 0 : undefined,
        );
      for (const check of armed.applying) expect(check).toHaveBeenCalled();
      vi.restoreAllMocks();
    }
  });

  it('the matcher', async () => {
    for (const { op, target, item } of CASES) {
      const armed = armRules(target, op, item);
      expectNotRun(
        armed,
        await judgeResponse(op.api, op.operationId as OperationIdOf<ApiName>, { status: 200, body: pageOf(op, item) }),
      );
      for (const check of armed.applying) expect(check).toHaveBeenCalled();
      vi.restoreAllMocks();
    }
  });

  it("the mock's store", async () => {
    for (const { op, target, item } of CASES) {
      const armed = armRules(target, op, item);
      const store = new MockStore(BUILTIN);
      if (target === 'session') await store.addSessionObject('praxis', item);
      else await store.addTask(op.api, 'sesn-applies', item);
      expectNotRun(armed, []);
      expect(armed.applying.some((check) => check.mock.calls.length > 0)).toBe(true);
      vi.restoreAllMocks();
    }
  });
});
