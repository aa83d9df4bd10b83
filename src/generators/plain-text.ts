/**
 * Whether JSON writes `text` as it is: printable ASCII without `"` or a backslash (see `MapTraits.plain`).
 * A module of its own: the API profiles that use it load in the browser without the schema walk.
 */
export const isPlain = (text: string) => /^[ !#-[\]-~]*$/.test(text);
