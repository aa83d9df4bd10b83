/** `agent-task-contracts/matchers`, over the built-in API set, or the set given. */
import '../apis/types.js';
import { builtinJudgedApis } from '../apis/generators.js';
import type { ApiName } from '../contract/api-types.js';
import type { OperationIdOf } from '../contract/ids.js';
import type { Violation } from '../contract/violation.js';
import * as layer from '../matchers/index.js';

export * from '../matchers/index.js';

/** One answer judged by the page laws of its operation (the built-in APIs', or those of `options.apis`). */
export function judgeResponse<F extends ApiName>(
  api: F,
  operationId: OperationIdOf<F>,
  received: Response | layer.ContractSubject,
  options: layer.JudgeOptions = {},
): Promise<Violation[]> {
  return layer.judgeResponse(api, operationId, received, { ...options, apis: options.apis ?? builtinJudgedApis() });
}

/** `expect.extend(contractMatchers)`: `toSatisfyContract(api, operationId, options?)`, over the built-in APIs. */
export const contractMatchers = layer.matchersOver(builtinJudgedApis);
