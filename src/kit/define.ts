/**
 * `defineApi`: what a module file passed to `--api` exports by default, typed the way vitest's and
 * Playwright's `defineConfig` type a config file (it returns its argument).
 */
import type { ApiModule } from '../handlers/profile.js';

/** One API module, several, or a function (maybe async) returning either: what `--api FILE` loads. */
export type ApiFileExport =
  | ApiModule
  | readonly ApiModule[]
  | (() => ApiModule | readonly ApiModule[] | Promise<ApiModule | readonly ApiModule[]>);

/** Types a module file's default export (an API module, a list of them, or a function returning one). */
export function defineApi<const T extends ApiFileExport>(module: T): T {
  return module;
}
