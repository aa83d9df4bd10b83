/**
 * `{ [key]: value }`, or `{}` when the value is undefined: spreads a property only when it is set,
 * as exactOptionalPropertyTypes asks (`...optional('session', session)`).
 */
export function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
