import type { AnyRuleId, ApiName } from '../api-types.js';
import { type ListOperation, operationsOf, type TimeOrder } from '../operations.js';
import { apiNames, contractOf, onRegister } from '../registry.js';
import { judgeTimeOrder } from '../time-order.js';
import type { Violation } from '../violation.js';
import type { ItemRule, JsonObject, RuleTarget } from './types.js';

/** Every item rule's id of the APIs with types (`ApiTypes`), as a literal type. */
export type ItemRuleId = AnyRuleId;

let byId: Map<string, ItemRule> | undefined;
const byTarget = new Map<string, readonly ItemRule[]>();
const ordersByTarget = new Map<string, readonly (readonly [ListOperation, TimeOrder])[]>();
onRegister(() => {
  byId = undefined;
  byTarget.clear();
  ordersByTarget.clear();
});

/** Every registered API's item rules. */
export function allRules(): readonly ItemRule[] {
  return apiNames().flatMap((api) => contractOf(api).rules);
}

export function itemRule(id: string): ItemRule {
  byId ??= new Map(allRules().map((rule) => [rule.id, rule]));
  const rule = byId.get(id);
  if (!rule) throw new Error(`unknown rule id "${id}"; see docs/rules.md for the list`);
  return rule;
}

/** The rules of one API and target (looked up once: checkItem runs per listed object). */
export function rulesFor(api: ApiName, target: RuleTarget): readonly ItemRule[] {
  const key = `${api}|${target}`;
  let rules = byTarget.get(key);
  if (!rules) byTarget.set(key, (rules = contractOf(api).rules.filter((rule) => rule.target === target)));
  return rules;
}

/**
 * Runs every rule of an API and target on one object, and the time orders its operations declare
 * for such objects (`timeOrder`). A rule that throws is reported as a violation of that rule,
 * never as a crash.
 */
export function checkItem(api: ApiName, target: RuleTarget, item: JsonObject, basePath = ''): Violation[] {
  const out: Violation[] = [];
  for (const rule of rulesFor(api, target)) out.push(...checkItemRule(rule, item, basePath));
  out.push(...checkTimeOrders(api, target, item, basePath));
  return out;
}

/**
 * The time orders (`timeOrder`, a law family judged on every listed object) on one object of a
 * API and target: what `checkItem` and the mock's store hold an object to beside the rules.
 */
export function checkTimeOrders(api: ApiName, target: RuleTarget, item: JsonObject, basePath = ''): Violation[] {
  const key = `${api}|${target}`;
  let orders = ordersByTarget.get(key);
  if (!orders)
    ordersByTarget.set(
      key,
      (orders = operationsOf(api)
        .filter((op) => op.target === target)
        .flatMap((op) => (op.timeOrder ?? []).map((member) => [op, member] as const))),
    );
  const out: Violation[] = [];
  for (const [op, member] of orders) {
    const at = { rule: member.id, source: member.source };
    try {
      for (const f of judgeTimeOrder(op, member, item).findings)
        out.push({ ...at, instancePath: basePath + f.path, message: f.message, value: f.value });
    } catch (error) {
      out.push({ ...at, instancePath: basePath, message: `the check itself failed: ${String(error)}` });
    }
  }
  return out;
}

/** One rule on one object; [] when the rule does not apply to it. */
export function checkItemRule(rule: ItemRule, item: JsonObject, basePath = ''): Violation[] {
  return judgeItemRule(rule, item, basePath).violations;
}

/** What one rule made of one object: whether it judged it (it applies to it), and what it found. */
export interface ItemJudgement {
  judged: boolean;
  violations: Violation[];
}

const NOT_JUDGED: ItemJudgement = Object.freeze({ judged: false, violations: [] }) as ItemJudgement;

/**
 * The one place a rule is evaluated: its `check` runs only on objects its `applies` accepts, so
 * every caller (the page laws, the mock's store, the matcher, `checkItem`) honours it alike, and
 * a check may take for granted what `applies` tested. A rule that throws (in `applies` or
 * `check`) is a violation of that rule.
 */
export function judgeItemRule(rule: ItemRule, item: JsonObject, basePath = ''): ItemJudgement {
  try {
    if (rule.applies && !rule.applies(item)) return NOT_JUDGED;
    return {
      judged: true,
      violations: rule.check(item).map((f) => ({
        rule: rule.id,
        instancePath: basePath + f.path,
        message: f.message,
        source: rule.source,
        value: f.value,
      })),
    };
  } catch (error) {
    return {
      judged: true,
      violations: [
        {
          rule: rule.id,
          instancePath: basePath,
          message: `the check itself failed: ${String(error)}`,
          source: rule.source,
        },
      ],
    };
  }
}
