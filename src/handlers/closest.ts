/** "Did you mean": the known name closest to a misspelt one (fault ids, scenario names, operation ids). */

/** Edit distance (names are short: the quadratic table is cheap). */
export function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/**
 * The candidate closest to `name`, or undefined when none is close enough to be a typo: a third
 * of the name may be mistyped; further off, a suggestion misleads more than it helps.
 */
export function closest(name: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const d = distance(name, candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return bestDistance <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

/** ` (did you mean "x"?)`, or nothing. */
export function didYouMean(name: string, candidates: readonly string[]): string {
  const found = closest(name, candidates);
  return found === undefined ? '' : ` (did you mean "${found}"?)`;
}
