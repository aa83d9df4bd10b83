/**
 * A table of registered APIs that every copy of this package's modules in one process shares. The
 * CLI runs from its bundle while a `--api` module imports the kit from `dist/` (or the sources run
 * through tsx beside it): two copies of each module, which must see the same registered APIs, or
 * a module's own helpers (`compileValidators`, `repair`) would not know the API the CLI registered.
 */
export function sharedTable<V>(name: string, initial: () => Map<string, V>): Map<string, V> {
  const key = Symbol.for(`agent-task-contracts/${name}`);
  const global = globalThis as { [key: symbol]: Map<string, V> | undefined };
  global[key] ??= initial();
  return global[key];
}
