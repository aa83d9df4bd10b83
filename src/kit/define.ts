/**
 * `defineApi`: a whole API module from its contract and whatever of its generator profile and mock
 * it gives (handlers/module.ts derives the rest). A module file passed to `--api` exports one, a list
 * of them, or a function returning either, as vitest's and Playwright's config files export
 * `defineConfig(...)`.
 */
import type { ApiContract, ApiContractInput } from '../contract/api.js';
import { compileValidators } from '../contract/compile.js';
import { type ApiModuleInput, completeModule } from '../handlers/module.js';
import type { ApiModule } from '../handlers/profile.js';

/** One API module, several, or a function (maybe async) returning either: what `--api FILE` loads. */
export type ApiFileExport =
  | ApiModule
  | readonly ApiModule[]
  | (() => ApiModule | readonly ApiModule[] | Promise<ApiModule | readonly ApiModule[]>);

/** The contract with its validators, compiled from its spec at first use where it gives none. */
function withValidators(contract: ApiContractInput): ApiContract {
  if ('validators' in contract) return contract as ApiContract;
  let validators: ApiContract['validators'] | undefined;
  const whole: ApiContract = {
    ...contract,
    get validators() {
      validators ??= compileValidators(whole);
      return validators;
    },
  };
  return whole;
}

/**
 * A whole module: `defineApi({ contract })` serves, draws and judges an API from its contract alone
 * (the mock's list behaviour derived from each operation's data, the validators compiled from its
 * spec); `generators` and `mock` give what the data cannot say (how to repair and break a rule,
 * values the schema cannot imply, a behaviour a document describes, faults).
 */
export function defineApi(module: Omit<ApiModuleInput, 'contract'> & { contract: ApiContractInput }): ApiModule {
  const contract = withValidators(module.contract);
  return completeModule(contract === module.contract ? (module as ApiModuleInput) : { ...module, contract });
}
