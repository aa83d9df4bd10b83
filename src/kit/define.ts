/**
 * `defineApi`: a whole API module from its contract and whatever of its generator profile and mock
 * it gives (handlers/module.ts derives the rest). A module file passed to `--api` exports one, a list
 * of them, or a function returning either, as vitest's and Playwright's config files export
 * `defineConfig(...)`.
 */
import { type ApiModuleInput, completeModule } from '../handlers/module.js';
import type { ApiModule } from '../handlers/profile.js';

/** One API module, several, or a function (maybe async) returning either: what `--api FILE` loads. */
export type ApiFileExport =
  | ApiModule
  | readonly ApiModule[]
  | (() => ApiModule | readonly ApiModule[] | Promise<ApiModule | readonly ApiModule[]>);

/**
 * A whole module: `defineApi({ contract })` serves, draws and judges an API from its contract alone
 * (the mock's list behaviour derived from each operation's data); `generators` and `mock` give what
 * the data cannot say (values the schema cannot imply, a behaviour a document describes, faults).
 */
export function defineApi(module: ApiModuleInput): ApiModule {
  return completeModule(module);
}
