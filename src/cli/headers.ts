import { UsageError } from './command.js';

/** `--header 'Name: value'` flags to a header map; a malformed one is a usage error. */
export function parseHeaders(raw: string[] | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of raw ?? []) {
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).trim() : '';
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
      throw new UsageError(`--header must look like 'Name: value', got a value without a valid name before ':'`);
    headers[name] = line.slice(colon + 1).trim();
  }
  return headers;
}
