/** Laws over the shape of a 200 body: the documented schema, and nothing the spec does not declare. */

import { apisOf, contractOfOperation } from '../api-set.js';
import { observeBody } from '../drift.js';
import { validateBody } from '../validate.js';
import { NOTHING, violationOf } from './common.js';
import { defineLaw, everyOperation } from './define.js';

/** One law per API: the operations of an API share their schema law. */
export const responseSchema = defineLaw({
  id: (op) => `${op.api}.response-schema`,
  appliesTo: everyOperation,
  statement: 'Every 200 body matches the schema the spec documents for it.',
  source: (op) => ({ file: contractOfOperation(op).specFile, sentence: `${op.operationId} 200 response schema` }),
  unexercised: 'no request got a JSON 200',
  check: {
    page({ exchange }, { op }) {
      if (exchange.status !== 200 || exchange.body === undefined) return NOTHING;
      return {
        judged: 1,
        violations: validateBody(op.api, op.operationId, 200, exchange.body, 'documented', apisOf(op)) ?? [],
      };
    },
  },
});

export const noUndocumentedFields = defineLaw({
  id: 'no-undocumented-fields',
  appliesTo: everyOperation,
  statement:
    'Answers carry only the fields and enumerated values the spec declares ' +
    '(judged only with --fail-on-drift; otherwise drift is a warning).',
  source: (op) => ({
    file: contractOfOperation(op).specFile,
    sentence: `${op.operationId} 200 response schema: declared properties and enums`,
  }),
  unexercised: 'no request got a JSON 200',
  check: {
    page({ exchange }, { op, law }) {
      if (exchange.status !== 200 || exchange.body === undefined) return NOTHING;
      const found = observeBody(op.api, op.operationId, 200, exchange.body, apisOf(op)).drift;
      return {
        judged: 1,
        violations: found.map((d) =>
          violationOf(
            law,
            d.path,
            d.kind === 'field'
              ? `${d.path} is not a field the spec declares`
              : `${JSON.stringify(d.value)} at ${d.path} is not a value the spec declares`,
            d.value,
          ),
        ),
      };
    },
  },
});
