import type { ApiSet } from '../api-set.js';
import type { AnyRuleId, ApiName } from '../api-types.js';
import { type ListOperation, operationsIn, type TimeOrder } from '../operations.js';
import { judgeTimeOrder } from '../time-order.js';
import type { Violation } from '../violation.js';
import type { ItemRule, JsonObject, RuleTarget } from './types.js';

/** Every item rule's id of the APIs with types (`ApiTypes`), as a literal type. */
export type ItemRuleId = AnyRuleId;

/** Every item rule of every API of a set. */
export function allRules(apis: ApiSet): readonly ItemRule[] {
  return apis.apiNames().flatMap((api) => apis.contractOf(api).rules);
}

/** Whether a live server is judged by the rule: all but those the mock alone keeps (`ItemRule.mockOnly`). */
export const judgedLive = (rule: ItemRule): boolean => rule.mockOnly === undefined;

export function itemRule(id: string, apis: ApiSet): ItemRule {
  const byId = apis.derive('rules-by-id', () => new Map(allRules(apis).map((rule) => [rule.id, rule])));
  const rule = byId.get(id);
  if (!rule) throw new Error(`unknown rule id "${id}"; see docs/laws.md for the list`);
  return rule;
}

/** The rules of one API and target (looked up once: checkItem runs per listed object). */
export function rulesFor(api: ApiName, target: RuleTarget, apis: ApiSet): readonly ItemRule[] {
  return apis.derive(`rules|${api}|${target}`, () => apis.contractOf(api).rules.filter((r) => r.target === target));
}

/**
 * Runs every rule of an API and target on one object, and the time orders its operations declare
 * for such objects (`timeOrder`). A rule that throws is reported as a violation of that rule,
 * never as a crash.
 */
export function checkItem(
  api: ApiName,
  target: RuleTarget,
  item: JsonObject,
  basePath = '',
  apis: ApiSet,
): Violation[] {
  const out: Violation[] = [];
  for (const rule of rulesFor(api, target, apis)) out.push(...checkItemRule(rule, item, basePath));
  out.push(...checkTimeOrders(api, target, item, basePath, apis));
  return out;
}

/**
 * The time orders (`timeOrder`, a law family judged on every listed object) on one object of a
 * API and target: what `checkItem` and the mock's store hold an object to beside the rules.
 */
export function checkTimeOrders(
  api: ApiName,
  target: RuleTarget,
  item: JsonObject,
  basePath = '',
  apis: ApiSet,
): Violation[] {
  const orders: readonly (readonly [ListOperation, TimeOrder])[] = apis.derive(`time-orders|${api}|${target}`, () =>
    operationsIn(apis, api)
      .filter((op) => op.target === target)
      .flatMap((op) => (op.timeOrder ?? []).map((member) => [op, member] as const)),
  );
  const out: Violation[] = [];
  for (const [op, member] of orders) {
    const at = { law: member.id, source: member.source };
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
        law: rule.id,
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
          law: rule.id,
          instancePath: basePath,
          message: `the check itself failed: ${String(error)}`,
          source: rule.source,
        },
      ],
    };
  }
}
