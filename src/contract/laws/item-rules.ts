import { apisOf } from '../api-set.js';
/** The item rules as laws of the catalogue: each judges the listed objects (or the whole body) of every 200. */
import type { ListOperation } from '../operations.js';
import { isObject } from '../rules/check-helpers.js';
import { checkItemRule, judgedLive, judgeItemRule, rulesFor } from '../rules/index.js';
import type { ItemRule } from '../rules/types.js';
import { NOTHING, pageItems } from './common.js';
import { defineLaw, everyOperation, having, type With } from './define.js';
import type { CatalogueId } from './types.js';

const hasEnvelope = having('envelopeTarget');

/** A rule's law says what the rule says. */
const asRule = {
  id: (_op: ListOperation, rule: ItemRule) => rule.id as CatalogueId,
  statement: (_op: ListOperation, rule: ItemRule) => rule.statement,
  source: (_op: ListOperation, rule: ItemRule) => rule.source,
};

/** Every item rule of the operation's target, as a law: it judges the objects of every 200 page. */
export const itemRuleLaws = defineLaw({
  ...asRule,
  appliesTo: everyOperation,
  each: (op) => rulesFor(op.api, op.target, apisOf(op)).filter(judgedLive),
  unexercised: (_op, rule) =>
    rule.applies ? 'no listed object was of the kind or in the state the rule constrains' : 'no object was listed',
  check: {
    page(s, { op, member: rule }) {
      const items = pageItems(op, s.exchange);
      if (!items) return NOTHING;
      let judged = 0;
      const violations = [];
      for (let index = 0; index < items.length; index++) {
        const item = items[index];
        if (!isObject(item)) continue;
        const judgement = judgeItemRule(rule, item, `${op.itemsPointer}/${index}`);
        if (judgement.judged) judged++;
        violations.push(...judgement.violations);
      }
      return { judged, violations };
    },
  },
});

/** The rules about a whole 200 body (JSON-RPC's envelope), as laws. */
export const envelopeRuleLaws = defineLaw<With<'envelopeTarget'>, ItemRule>({
  ...asRule,
  appliesTo: hasEnvelope,
  each: (op) => rulesFor(op.api, op.envelopeTarget, apisOf(op)).filter(judgedLive),
  unexercised: 'no request got a JSON 200',
  check: {
    page: ({ exchange }, { member: rule }) =>
      exchange.status === 200 && isObject(exchange.body)
        ? { judged: 1, violations: checkItemRule(rule, exchange.body) }
        : NOTHING,
  },
});
