/**
 * Members documented under one condition (an error's type and its explanation, both given "when
 * the server recorded a failure reason") appear together: an object gives all of them or none.
 */
import { fieldValue, isGiven } from '../operations.js';
import { eachListedObject, violationOf } from './common.js';
import { defineLaw, having, type With } from './define.js';

const listed = (fields: readonly string[]) => fields.join(' and ');

export const presentTogether = defineLaw<With<'together'>>({
  id: 'present-together',
  appliesTo: having('together'),
  statement: (op) =>
    `${op.together.map((group) => listed(group.fields)).join('; ')} are documented under one condition: ` +
    'an object gives all of them or none.',
  source: (op) => ({
    file: op.together[0]!.source.file,
    sentence: op.together.map((group) => group.source.sentence).join(' … '),
  }),
  unexercised: (op) => `no listed object gave ${op.together.map((group) => listed(group.fields)).join(' or ')}`,
  check: {
    page: ({ exchange }, { op, law }) =>
      eachListedObject(op, exchange, (item, at) => {
        let judged = 0;
        const violations = [];
        for (const { fields } of op.together) {
          const present = fields.filter((field) => isGiven(item, field));
          if (present.length === 0) continue;
          judged++;
          for (const missing of fields.filter((field) => !isGiven(item, field)))
            violations.push(
              violationOf(
                law,
                `${at}${missing}`,
                `${present.join(' and ')} ${present.length > 1 ? 'are' : 'is'} given without ${missing}; ` +
                  `the documents give ${listed(fields)} under the same condition`,
                Object.fromEntries(present.map((field) => [field, fieldValue(item, field)])),
              ),
            );
        }
        return { judged, violations };
      }),
  },
});
