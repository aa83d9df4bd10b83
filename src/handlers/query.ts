/** Reading query parameters strictly: one value each, integers that are integers. */

export type ParamProblem = { param: string; message: string; input: string };

/** The single value of a parameter, or a problem when it is given more than once. */
export function single(query: URLSearchParams, name: string): string | undefined | ParamProblem {
  const values = query.getAll(name);
  if (values.length > 1)
    return { param: name, message: `${name} is given ${values.length} times; give it once`, input: values.join(',') };
  return values[0];
}

export function isProblem(value: unknown): value is ParamProblem {
  return typeof value === 'object' && value !== null && 'param' in value && 'message' in value;
}

/** A whole number within bounds, or a problem that says what was wrong. */
export function integer(
  query: URLSearchParams,
  name: string,
  min: number,
  max: number,
): number | undefined | ParamProblem {
  const raw = single(query, name);
  if (raw === undefined || isProblem(raw)) return raw;
  if (!/^-?\d{1,16}$/.test(raw))
    return { param: name, message: `${name} must be a whole number, got "${truncate(raw)}"`, input: raw };
  const value = Number(raw);
  if (value < min || value > max)
    return { param: name, message: `${name} must be between ${min} and ${max}, got ${value}`, input: raw };
  return value;
}

export function truncate(text: string, max = 64): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
