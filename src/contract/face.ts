/** The names of the APIs: every contract module may import this leaf. */
/** The APIs this package models out of the box. */
export const BUILTIN_FACES = ['praxis', 'everruns', 'ark', 'jsonrpc'] as const;
export type BuiltinFace = (typeof BUILTIN_FACES)[number];
/**
 * An API's name (a *face*): a built-in one, or one registered at run time. Typed surfaces that
 * know each built-in API's types (scenario states, operation ids) take `BuiltinFace`.
 */
export type Face = BuiltinFace | (string & {});
