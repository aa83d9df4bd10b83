/** English for generated messages, where a name from a spec or an API is put into a sentence. */

/**
 * The word with its indefinite article, by how it is said: "an id", "a task_id", "an ark request",
 * "a user_id", "an unknown state". Names are read as words, so a vowel letter takes "an" except a
 * "u" said "you" (u, a consonant, a vowel: user, usage) and "one"/"once".
 */
export function withArticle(word: string): string {
  const sayYou = /^u[b-df-hj-np-tv-z][aeiou]/i.test(word) || /^(?:one|once)\b/i.test(word);
  return `${/^[aeiou]/i.test(word) && !sayYou ? 'an' : 'a'} ${word}`;
}
