/**
 * Members a request decides: one carried only when asked for (A2A's artifacts, "MUST be omitted entirely"
 * unless includeArtifacts is true), and an array a parameter bounds (A2A's history, at most historyLength
 * messages).
 */
import type { BoundedMember } from '../operation-types.js';
import { fieldValue } from '../operations.js';
import { eachListedObject, lawId, NOTHING, queryValue, violationOf } from './common.js';
import { defineLaw, having, type With } from './define.js';

const hasAsked = having('askedMembers');
const hasBounded = having('boundedMembers');

export const absentUnlessAsked = defineLaw<With<'askedMembers'>>({
  id: 'absent-unless-asked',
  appliesTo: hasAsked,
  statement: (op) =>
    `${op.askedMembers.map((m) => `${m.field} is absent unless the request gives ${m.param}=${m.value}`).join('; ')}.`,
  source: (op) => ({
    file: op.askedMembers[0]!.source.file,
    sentence: op.askedMembers.map((m) => m.source.sentence).join(' … '),
  }),
  unexercised: 'no page listed an object without being asked for its members',
  check: {
    page: ({ exchange }, { op, law }) => {
      const unasked = op.askedMembers.filter((m) => queryValue(exchange.query, m.param) !== m.value);
      if (unasked.length === 0) return NOTHING;
      return eachListedObject(op, exchange, (item, at) => ({
        judged: 1,
        violations: unasked
          .filter((m) => fieldValue(item, m.field) !== undefined)
          .map((m) =>
            violationOf(
              law,
              `${at}/${m.field.replaceAll('.', '/')}`,
              `${m.field} is present, but the request did not give ${m.param}=${m.value}`,
              fieldValue(item, m.field),
            ),
          ),
      }));
    },
  },
});

export const boundedByParam = defineLaw<With<'boundedMembers'>, BoundedMember>({
  id: (op, member) => lawId(op, `bounded-by-${member.param}`),
  appliesTo: hasBounded,
  each: (op) => op.boundedMembers,
  statement: (_op, m) => `With ${m.param}=n above 0, every listed object's ${m.field} holds at most n items.`,
  source: (_op, m) => m.source,
  unexercised: (_op, m) => `no request gave ${m.param} above 0`,
  check: {
    page: ({ exchange }, { op, law, member: m }) => {
      const raw = queryValue(exchange.query, m.param);
      // At 0 the documents only recommend omitting the member (A2A: "SHOULD be omitted"): nothing is judged.
      if (raw === undefined || !/^\d{1,9}$/.test(raw) || Number(raw) === 0) return NOTHING;
      const most = Number(raw);
      return eachListedObject(op, exchange, (item, at) => {
        const value = fieldValue(item, m.field);
        const count = Array.isArray(value) ? value.length : 0;
        return {
          judged: 1,
          violations:
            count > most
              ? [
                  violationOf(
                    law,
                    `${at}/${m.field.replaceAll('.', '/')}`,
                    `${m.field} holds ${count} items, but the request gave ${m.param}=${most}`,
                    count,
                  ),
                ]
              : [],
        };
      });
    },
  },
});
