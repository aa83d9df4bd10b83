/**
 * `--api FILE`: a module file whose default export is an API module, several, or a function
 * returning them (`defineApi` from the kit, as a vitest or Playwright config exports
 * `defineConfig(...)`). Each is registered beside the built-in APIs before the command runs, and
 * every refusal names the file and what it lacks.
 */
import { stat } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { apiField } from '../contract/api-field.js';
import { type ApiName, apiNames } from '../contract/registry.js';
import type { ApiModule } from '../handlers/profile.js';
import type { ApiFileExport } from '../kit/define.js';
import { type Flag, UsageError } from './command.js';

export const apiFlag: Flag = {
  type: 'string',
  multiple: true,
  value: 'FILE',
  help:
    'Load list API modules from a JS file whose default export is an API module { contract, generators, mock }, ' +
    'a list of them, or a function returning either (defineApi from agent-task-contracts/kit).',
  otherwise: 'the built-in APIs only',
};

/** The `--face` flag of a command that also takes `--api`: a built-in name or a loaded one. */
export const faceFlag = (help: string): Flag => ({
  type: 'string',
  value: `${apiNames().join('|')}|NAME`,
  help: `${help} NAME is an API loaded with --api.`,
  otherwise: 'the one API --api loads, else required',
});

const MODULE_PARTS = ['contract', 'generators', 'mock'] as const;
const SHAPE = 'an API module is { contract, generators, mock } (see agent-task-contracts/kit)';

/** Imports every `--api` file and registers its modules; returns the names of the APIs they added. */
export async function loadApiFiles(files: readonly string[] | undefined, cwd = process.cwd()): Promise<ApiName[]> {
  const loaded: ApiName[] = [];
  for (const file of new Set(files ?? [])) {
    const modules = await modulesOf(file, resolve(cwd, file));
    // Loaded on demand: a command without --api pays for no registry of the mock.
    const { registerApi } = await import('../handlers/apis.js');
    for (const module of modules) {
      try {
        registerApi(module);
      } catch (error) {
        throw new UsageError(`--api ${file}: ${(error as Error).message}`);
      }
      if (!loaded.includes(module.contract.api)) loaded.push(module.contract.api);
    }
  }
  return loaded;
}

async function modulesOf(file: string, path: string): Promise<ApiModule[]> {
  const found = await stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
  if (!found) throw new UsageError(`--api ${file}: no such file (looked for ${path})`);
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
    throw new UsageError(`--api ${file}: importing it failed: ${firstLine(error)}${hint}`);
  }
  if (namespace.default === undefined)
    throw new UsageError(
      `--api ${file} has no default export; end it with \`export default defineApi({ contract, generators, mock })\``,
    );
  let value = namespace.default as ApiFileExport | unknown;
  if (typeof value === 'function') {
    try {
      value = await (value as () => unknown)();
    } catch (error) {
      throw new UsageError(`--api ${file}: its default export (a function) threw: ${firstLine(error)}`);
    }
  }
  const list = Array.isArray(value) ? (value as unknown[]) : [value];
  if (list.length === 0) throw new UsageError(`--api ${file}: its default export is an empty list; ${SHAPE}`);
  return list.map((module, i) => checkedModule(module, list.length > 1 ? `${file} [${i}]` : file));
}

function checkedModule(module: unknown, where: string): ApiModule {
  if (module === null || typeof module !== 'object' || Array.isArray(module))
    throw new UsageError(`--api ${where}: the default export is ${describe(module)}, not an API module; ${SHAPE}`);
  const record = module as Record<string, unknown>;
  const missing = MODULE_PARTS.filter((part) => record[part] === null || typeof record[part] !== 'object');
  if (missing.length > 0) throw new UsageError(`--api ${where}: the API module has no ${missing.join(', ')}; ${SHAPE}`);
  const contract = record.contract as Record<string, unknown>;
  const api = apiField(
    contract,
    `--api ${where}: contract`,
    (message) => new UsageError(`--api ${where}: contract: ${message}`),
  );
  if (typeof api !== 'string')
    throw new UsageError(`--api ${where}: contract.api is missing; it is the API's name (e.g. "jobs")`);
  for (const field of ['operations', 'rules'] as const)
    if (!Array.isArray(contract[field]))
      throw new UsageError(`--api ${where}: contract.${field} is ${describe(contract[field])}; it must be a list`);
  return module as ApiModule;
}

/**
 * The API `--face` names, among the built-in and loaded ones; without `--face`, the one API that
 * `--api` loaded.
 */
export function chosenApi(values: Record<string, unknown>, loaded: readonly ApiName[]): ApiName {
  const raw = values.face;
  if (raw === undefined) {
    if (loaded.length === 1) return loaded[0] as ApiName;
    throw new UsageError(
      loaded.length === 0
        ? '--face is required'
        : `--face is required: --api loaded ${loaded.join(', ')}; name the one to use`,
    );
  }
  const known = apiNames();
  if (!known.includes(String(raw)))
    throw new UsageError(
      `--face must be one of ${known.join('|')}, got "${String(raw)}"` +
        (loaded.length === 0 ? '; another API is loaded with --api FILE' : ''),
    );
  return String(raw);
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
