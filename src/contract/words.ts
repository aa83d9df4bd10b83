/** English for generated messages, where a name from a spec or an API is put into a sentence. */

/**
 * The word with its indefinite article, by how it is said: "an id", "a task_id", "an ark request",
 * "a user_id", "an unknown state". Names are read as words, so a vowel letter takes "an" except a
 * "u" said "you" (u, a consonant, a vowel: user, usage) and "one"/"once".
 */
export function withArticle(word: string): string {
  // A field's JSON pointer (`/id`) is read without its slash: "an /id".
  const said = word.replace(/^\//, '');
  const sayYou = /^u[b-df-hj-np-tv-z][aeiou]/i.test(said) || /^(?:one|once)\b/i.test(said);
  return `${/^[aeiou]/i.test(said) && !sayYou ? 'an' : 'a'} ${word}`;
}

/** A count with its noun, the noun plural unless there is one: "1 distinct violation", "0 requests". */
export function withCount(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}

/** Edit distance, for "did you mean" (names are short: the quadratic table is cheap). */
export function editDistance(a: string, b: string): number {
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
 * The candidate a mistyped name most likely meant, for "did you mean", or undefined when none is
 * close enough: a third of the name may be mistyped; further off, a suggestion misleads more than it helps.
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const d = editDistance(name, candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return bestDistance <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

/** ` (did you mean "x"?)`, or nothing. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const found = closestName(name, candidates);
  return found === undefined ? '' : ` (did you mean "${found}"?)`;
}
