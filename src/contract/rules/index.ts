import type { Face } from '../faces.js';
import type { Violation } from '../violation.js';
import { arkRules } from './ark.js';
import { everrunsRules } from './everruns.js';
import { jsonrpcRules } from './jsonrpc.js';
import { praxisRules } from './praxis.js';
import type { ItemRule, JsonObject, RuleTarget } from './types.js';

export const ITEM_RULES: readonly ItemRule[] = [...praxisRules, ...everrunsRules, ...arkRules, ...jsonrpcRules];

const byId = new Map(ITEM_RULES.map((rule) => [rule.id, rule]));

export function itemRule(id: string): ItemRule {
  const rule = byId.get(id);
  if (!rule) throw new Error(`unknown rule id "${id}"; see docs/rules.md for the list`);
  return rule;
}

const byTarget = new Map<string, readonly ItemRule[]>();

/** The rules of one face and target (looked up once: checkItem runs per listed object). */
export function rulesFor(face: Face, target: RuleTarget): readonly ItemRule[] {
  const key = `${face}|${target}`;
  let rules = byTarget.get(key);
  if (!rules) byTarget.set(key, (rules = ITEM_RULES.filter((rule) => rule.face === face && rule.target === target)));
  return rules;
}

/**
 * Runs every rule of a face and target on one object. A rule that throws is reported as a
 * violation of that rule, never as a crash.
 */
export function checkItem(face: Face, target: RuleTarget, item: JsonObject, basePath = ''): Violation[] {
  const out: Violation[] = [];
  for (const rule of rulesFor(face, target)) {
    try {
      for (const f of rule.check(item)) out.push({ rule: rule.id, instancePath: basePath + f.path, message: f.message, source: rule.source, value: f.value });
    } catch (error) {
      out.push({ rule: rule.id, instancePath: basePath, message: `the check itself failed: ${String(error)}`, source: rule.source });
    }
  }
  return out;
}
