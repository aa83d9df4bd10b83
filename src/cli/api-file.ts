/**
 * `--api NAME|FILE`: a bare name (`ark`, `jobs`) chooses the API; anything else is a module file
 * whose default export is an API module, several, or a function returning them (`defineApi` from
 * the kit, as a vitest or Playwright config exports `defineConfig(...)`). Each file's modules join
 * the built-in APIs in the set the command works on, and every refusal names the file and what it
 * lacks.
 */
import { stat } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUILTIN_API_NAMES, BUILTIN_APIS } from '../apis/index.js';
import type { ApiSet } from '../contract/api-set.js';
import { API_NAME_PATTERN, type ApiName } from '../contract/registry.js';
import { type ApiModules, apiSetOf } from '../handlers/apis.js';
import type { ApiModule } from '../handlers/profile.js';
import type { ApiFileExport } from '../kit/define.js';
import { type Flag, ModuleError, UsageError } from './command.js';

/** `--api` tells a name from a file by the pattern every API's name has (no dot, no slash). */
const API_NAME = API_NAME_PATTERN;

/** `--api` of a command that also judges or draws one API: its name, or module files to load first. */
export const apiFlag = (help: string): Flag => ({
  type: 'string',
  multiple: true,
  value: `${BUILTIN_API_NAMES.join('|')}|NAME|FILE`,
  help:
    `${help} A bare name chooses the API (a built-in one, or one a file loads); anything else (./acme.js) is a ` +
    'JS file to load whose default export is an API module (defineApi({ contract, generators?, mock? }) from ' +
    'agent-task-contracts/kit), a list of them, or a function returning either. Repeatable: files and one name.',
  otherwise: 'the one API the files load, else required',
});

/** `--api` of the mock, which serves every API: module files only. */
export const apiFilesFlag: Flag = {
  type: 'string',
  multiple: true,
  value: 'FILE',
  help:
    'Load list API modules from a JS file whose default export is an API module (defineApi({ contract, ' +
    'generators?, mock? }) from agent-task-contracts/kit), a list of them, or a function returning either.',
  otherwise: 'the built-in APIs only',
};

/** The `--api` values that are module files (the rest are names). */
export function apiFilesOf(values: readonly string[] | undefined): string[] {
  return (values ?? []).filter((value) => !API_NAME.test(value));
}

/** `--api` values of the mock: each must be a file, since the mock serves every API. */
export function mockApiFiles(values: readonly string[] | undefined): string[] {
  const name = (values ?? []).find((value) => API_NAME.test(value));
  if (name !== undefined)
    throw new UsageError(
      `--api ${name}: the mock serves every API, so its --api takes module files only ` +
        `(a path such as ./${name}.js); a bare name chooses the API of conform, record and generate`,
    );
  return [...(values ?? [])];
}

const MODULE_PARTS = ['contract', 'generators', 'mock'] as const;
const SHAPE =
  'an API module is what defineApi({ contract, generators?, mock? }) from agent-task-contracts/kit returns, ' +
  'the parts it leaves out derived from the contract';

/** The APIs a command works with: the built-in modules and those its `--api` files load. */
export interface CommandApis {
  /** Every module by name, as `apis` options take them. */
  modules: ApiModules;
  /** Their set. */
  apis: ApiSet;
  /** The APIs the files added, in the order loaded. */
  loaded: ApiName[];
}

/** Imports every `--api` file and adds its modules beside the built-in ones, each checked on its own. */
export async function loadApiFiles(files: readonly string[] | undefined, cwd = process.cwd()): Promise<CommandApis> {
  const modules: Record<string, ApiModule> = { ...BUILTIN_APIS };
  const loaded: ApiName[] = [];
  for (const file of new Set(files ?? [])) {
    for (const module of await modulesOf(file, resolve(cwd, file))) {
      const { api } = module.contract;
      if (modules[api] === module) continue;
      if (modules[api])
        throw new ModuleError(
          `--api ${file}: an API named "${api}" is already ${loaded.includes(api) ? 'loaded' : 'built in'}; ` +
            'choose another name',
        );
      try {
        apiSetOf({ [api]: module });
      } catch (error) {
        throw new ModuleError(`--api ${file}: ${(error as Error).message}`);
      }
      modules[api] = module;
      loaded.push(api);
    }
  }
  return { modules, apis: apiSetOf(modules), loaded };
}

async function modulesOf(file: string, path: string): Promise<ApiModule[]> {
  const found = await stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
  if (!found)
    throw new UsageError(
      `--api ${file}: no such file (looked for ${path})` +
        (/[/\\.]/.test(file) ? '' : '; nor is it an API name (lower-case letters, digits and dashes)'),
    );
  let namespace: { default?: unknown };
  try {
    namespace = (await import(pathToFileURL(path).href)) as { default?: unknown };
  } catch (error) {
    const hint = ['.ts', '.mts', '.cts'].includes(extname(path))
      ? ' (Node runs TypeScript only from 22.18 on: compile it to .js, or run the CLI through tsx)'
      : (error as { code?: unknown }).code === 'ENOENT'
        ? " (a file the module reads as it loads is missing: a contract reads its spec relative to the contract's " +
          'own file, so keep the spec beside the compiled module)'
        : '';
    throw new ModuleError(`--api ${file}: importing it failed: ${firstLine(error)}${hint}`);
  }
  if (namespace.default === undefined)
    throw new ModuleError(
      `--api ${file} has no default export; end it with \`export default defineApi({ contract })\` ` +
        '(generators and mock are derived where left out)',
    );
  let value = namespace.default as ApiFileExport | unknown;
  if (typeof value === 'function') {
    try {
      value = await (value as () => unknown)();
    } catch (error) {
      throw new ModuleError(`--api ${file}: its default export (a function) threw: ${firstLine(error)}`);
    }
  }
  const list = Array.isArray(value) ? (value as unknown[]) : [value];
  if (list.length === 0) throw new ModuleError(`--api ${file}: its default export is an empty list; ${SHAPE}`);
  return list.map((module, i) => checkedModule(module, list.length > 1 ? `${file} [${i}]` : file));
}

function checkedModule(module: unknown, where: string): ApiModule {
  if (module === null || typeof module !== 'object' || Array.isArray(module))
    throw new ModuleError(`--api ${where}: the default export is ${describe(module)}, not an API module; ${SHAPE}`);
  const record = module as Record<string, unknown>;
  const missing = MODULE_PARTS.filter((part) => record[part] === null || typeof record[part] !== 'object');
  if (missing.length > 0)
    throw new ModuleError(`--api ${where}: the API module has no ${missing.join(', ')}; ${SHAPE}`);
  const contract = record.contract as Record<string, unknown>;
  const { api } = contract;
  if (typeof api !== 'string')
    throw new ModuleError(`--api ${where}: contract.api is missing; it is the API's name (e.g. "jobs")`);
  for (const field of ['operations', 'rules'] as const)
    if (!Array.isArray(contract[field]))
      throw new ModuleError(`--api ${where}: contract.${field} is ${describe(contract[field])}; it must be a list`);
  return module as ApiModule;
}

/**
 * The API that `--api NAME` names, among the built-in and loaded
 * ones; without a name, the one API the `--api` files loaded.
 */
export function chosenApi(values: Record<string, unknown>, { apis, loaded }: CommandApis): ApiName {
  const given = ((values.api as string[] | undefined) ?? []).filter((value) => API_NAME.test(value));
  const names = [...new Set(given)];
  if (names.length > 1)
    throw new UsageError(`${names.map((name) => `--api ${name}`).join(' and ')} name ${names.length} APIs; give one`);
  const chosen = names[0];
  if (chosen === undefined) {
    if (loaded.length === 1) return loaded[0] as ApiName;
    throw new UsageError(
      loaded.length === 0
        ? `--api NAME is required: one of ${apis.apiNames().join('|')}, or a module file that loads one`
        : `--api NAME is required: the files loaded ${loaded.join(', ')}; name the one to use`,
    );
  }
  const known = apis.apiNames();
  if (!known.includes(chosen))
    throw new UsageError(
      `--api ${chosen}: no API of that name; the APIs are ${known.join('|')}` +
        (loaded.length === 0 ? '; another API is loaded with --api FILE (a path such as ./acme.js)' : ''),
    );
  return chosen;
}

function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value} (${JSON.stringify(value)})`;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}
