/** Whether a law id is chosen by `--laws`/`--exclude-laws` entries (exact ids, or prefixes ending in `*`). */
export function matchesSelector(id: string, selectors: readonly string[]): boolean {
  return selectors.some((s) => (s.endsWith('*') ? id.startsWith(s.slice(0, -1)) : id === s));
}
