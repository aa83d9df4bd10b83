/**
 * `expect(response).toSatisfyContract('ark', 'listTasks')` for vitest (and any expect that takes
 * `expect.extend`). This module does not import vitest: register the matcher once,
 *
 *   import { contractMatchers } from 'agent-task-contracts/matchers';
 *   expect.extend(contractMatchers);
 *
 * and `await expect(res).toSatisfyContract('ark', 'listTasks')` (a fetch Response, or
 * `{ status, body, url? }`) is typed by the declaration below.
 */

import type { ApiSet } from '../contract/api-set.js';
import type { OperationIdOf } from '../contract/ids.js';
import type { ApiName } from '../contract/registry.js';
import { type ContractSubject, formatViolations, type JudgeOptions, judgeResponse } from './judge.js';

export { type ContractSubject, type JudgeOptions, judgeResponse } from './judge.js';

export interface MatcherContext {
  isNot?: boolean;
}

/** The matchers judging by an API set (`options.apis` of a call, else `defaultApis()`). */
export const matchersOver = (defaultApis: () => ApiSet) => ({
  async toSatisfyContract(
    this: MatcherContext,
    received: unknown,
    api: ApiName,
    operationId: string,
    options: JudgeOptions = {},
  ) {
    const subject = received as Response | ContractSubject;
    if (subject === null || typeof subject !== 'object' || !('status' in subject))
      return {
        pass: false,
        message: () => `toSatisfyContract takes a fetch Response or { status, body, url? }; got ${typeof received}`,
      };
    const violations = await judgeResponse(api, operationId as OperationIdOf<ApiName>, subject, {
      ...options,
      apis: options.apis ?? defaultApis(),
    });
    const where = `${api} ${operationId} (status ${subject.status})`;
    return {
      pass: violations.length === 0,
      message: () =>
        violations.length === 0
          ? `expected ${where} to break the contract, but it satisfies it`
          : `${where} breaks the contract:\n${formatViolations(violations)}`,
    };
  },
});

declare module 'vitest' {
  // vitest declares Matchers<T = any>; a merged declaration must repeat its parameters exactly.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  interface Matchers<T = any> {
    /** The answer satisfies the contract of `api`'s `operationId`: schema, item rules, page laws. */
    toSatisfyContract<F extends ApiName>(api: F, operationId: OperationIdOf<F>, options?: JudgeOptions): Promise<void>;
  }
}
