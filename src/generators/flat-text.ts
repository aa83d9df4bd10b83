/**
 * A string V8 holds as one run of characters. A string joined from parts is held as a tree of them,
 * walked again each time it is copied out: a text read for many lines (a table's, a member's head, a
 * cached word) is flattened once when it is made.
 */
export const flatText = (text: string): string => JSON.parse(JSON.stringify(text)) as string;
