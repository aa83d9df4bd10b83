/**
 * A covering array of strength two: rows of parameter values in which every value of every
 * parameter meets every value of every other parameter at least once. Users send parameters
 * together, so every pair is sent by design rather than left to chance; all combinations would
 * grow as the product of the levels, pairs grow as the product of the two largest.
 *
 * Greedy construction (in the manner of AETG/IPOG): each new row starts from the first pair not
 * yet covered, and every other parameter takes the level that covers the most new pairs. It is
 * deterministic: the same parameters give the same rows. Rows a caller must send anyway (`given`)
 * come first and count towards the pairs.
 */

/** One parameter and the levels it takes; `undefined` is a level too: the parameter is not sent. */
export interface Factor<V> {
  name: string;
  levels: readonly (V | undefined)[];
}

export type Row<V> = Readonly<Record<string, V | undefined>>;

/** A key per pair of (factor, level) positions; factor i < j. */
const pairKey = (i: number, a: number, j: number, b: number) => `${i}:${a}|${j}:${b}`;

export function coveringRows<V>(factors: readonly Factor<V>[], given: readonly Row<V>[] = []): Row<V>[] {
  const usable = factors.filter((f) => f.levels.length > 0);
  if (usable.length === 0) return [];
  const uncovered = new Set<string>();
  for (let i = 0; i < usable.length; i++)
    for (let j = i + 1; j < usable.length; j++)
      for (let a = 0; a < usable[i]!.levels.length; a++)
        for (let b = 0; b < usable[j]!.levels.length; b++) uncovered.add(pairKey(i, a, j, b));
  const rows: number[][] = given.map((row) => usable.map((f) => levelOf(f, row[f.name])));
  for (const row of rows) coverRow(uncovered, row);
  // One parameter has no pairs: each of its levels once.
  if (usable.length === 1)
    for (let level = 0; level < usable[0]!.levels.length; level++)
      if (!rows.some((row) => row[0] === level)) rows.push([level]);
  while (uncovered.size > 0) {
    const [first] = uncovered;
    const [[i, a], [j, b]] = first!.split('|').map((side) => side.split(':').map(Number)) as [
      [number, number],
      [number, number],
    ];
    const row: (number | undefined)[] = usable.map(() => undefined);
    row[i] = a;
    row[j] = b;
    for (let k = 0; k < usable.length; k++) {
      if (row[k] !== undefined) continue;
      let best = 0;
      let bestGain = -1;
      for (let level = 0; level < usable[k]!.levels.length; level++) {
        let gain = 0;
        for (let m = 0; m < usable.length; m++) {
          const other = row[m];
          if (m === k || other === undefined) continue;
          const key = m < k ? pairKey(m, other, k, level) : pairKey(k, level, m, other);
          if (uncovered.has(key)) gain++;
        }
        if (gain > bestGain) {
          best = level;
          bestGain = gain;
        }
      }
      row[k] = best;
    }
    const full = row as number[];
    coverRow(uncovered, full);
    rows.push(full);
  }
  return rows.map((row) => Object.fromEntries(usable.map((f, k) => [f.name, f.levels[row[k]!]])));
}

function levelOf<V>(factor: Factor<V>, value: V | undefined): number {
  const level = factor.levels.indexOf(value);
  if (level < 0) throw new Error(`${String(value)} is not a level of ${factor.name}`);
  return level;
}

/** Marks the pairs a row of level indexes covers. */
function coverRow(uncovered: Set<string>, row: readonly number[]): void {
  for (let p = 0; p < row.length; p++)
    for (let q = p + 1; q < row.length; q++) uncovered.delete(pairKey(p, row[p]!, q, row[q]!));
}

/**
 * A row for each level other than `undefined` of each factor of `alone` (by default all), every
 * other factor at `undefined`: each value sent alone (a filter honoured only beside another
 * parameter shows there).
 */
export function aloneRows<V>(factors: readonly Factor<V>[], alone: readonly Factor<V>[] = factors): Row<V>[] {
  return alone.flatMap((factor) =>
    factor.levels
      .filter((level) => level !== undefined)
      .map((level) => Object.fromEntries(factors.map((f) => [f.name, f === factor ? level : undefined]))),
  );
}

/** The pairs of (parameter=level) a set of rows covers, as `a=x & b=y` strings: what coverage reports. */
export function pairsOf<V>(rows: readonly Row<V>[], show: (value: V | undefined) => string): Set<string> {
  const pairs = new Set<string>();
  for (const row of rows) {
    const names = Object.keys(row).sort();
    for (let i = 0; i < names.length; i++)
      for (let j = i + 1; j < names.length; j++)
        pairs.add(`${names[i]}=${show(row[names[i]!])} & ${names[j]}=${show(row[names[j]!])}`);
  }
  return pairs;
}
