/**
 * "Timestamps are RFC3339" (000) and "string format: date-time" (001): RFC 3339 writes an offset as
 * `Z` or `±hh:mm` (section 5.6). ajv-formats alone also took `+0000` and `+08`, so a server
 * writing them passed; the contract's own date-time format (src/contract/formats.ts) refuses them,
 * in the precompiled validators and in those compiled at run time for a module.
 */

import { describe, expect, it } from 'vitest';
import { compileValidators } from '../../src/contract/compile.js';
import { validateComponent } from '../../src/contract/validate.js';
import { validatorKey } from '../../src/contract/validator-keys.js';
import { toyContract } from '../fixtures/apis/toy/contract.js';
import { BUILTIN } from '../helpers/apis.js';

const RFC3339 = [
  '2026-11-29T09:00:00Z',
  '2026-11-29T09:00:00.123+08:00',
  '2026-11-29t09:00:00-05:30',
  '2026-11-29T09:00:00z',
];
const NOT_RFC3339 = [
  '2026-11-29T09:00:00+0000',
  '2026-11-29T09:00:00+08',
  '2026-11-29T09:00:00',
  '2026-02-30T09:00:00Z',
];

describe('date-time is RFC 3339', () => {
  for (const [api, component] of [
    ['praxis', 'Timestamp'],
    ['everruns', 'Timestamp'],
  ] as const) {
    it(`${api} ${component} takes an offset as Z or ±hh:mm, and nothing else`, () => {
      for (const text of RFC3339) expect(validateComponent(api, component, text, undefined, BUILTIN), text).toEqual([]);
      for (const text of NOT_RFC3339)
        expect(validateComponent(api, component, text, undefined, BUILTIN), text).not.toEqual([]);
      for (const text of NOT_RFC3339)
        expect(validateComponent(api, component, text, 'documented', BUILTIN), text).not.toEqual([]);
    });
  }

  it("a module's validators compiled at run time hold date-time to the same grammar", () => {
    const validators = compileValidators(toyContract);
    const job = (created_at: string) => ({
      id: 'job_a1',
      queue_id: 'q-1',
      state: 'pending',
      created_at,
      finished_at: null,
    });
    const check = validators[validatorKey({ api: 'toy', reading: 'strict', component: 'Job' })]!;
    expect(check(job('2026-11-29T09:00:00+00:00')), JSON.stringify(check.errors)).toBe(true);
    expect(check(job('2026-11-29T09:00:00+0000'))).toBe(false);
  });
});
