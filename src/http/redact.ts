/** Keeps secrets out of every report, log and recording. */

export const REDACTED = '[redacted]';

/** Replaces every occurrence of a secret value in a text. */
function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < 4) continue; // too short to find reliably without mangling the text
    out = out.split(secret).join(REDACTED);
  }
  return out;
}

/** Deep copy of a JSON value with every secret occurrence in strings replaced. */
export function redactValue<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  return JSON.parse(
    redactText(
      JSON.stringify(value) ?? 'null',
      secrets.map((s) => JSON.stringify(s).slice(1, -1)),
    ),
  ) as T;
}

/** Query parameters whose values are secrets whatever the API: names like key, token, secret, signature. */
const SECRET_QUERY = /key|token|secret|signature|password/i;

/**
 * A URL with the values of secret-looking query parameters replaced (for reports, logs and printed
 * commands), except those named in `kept`: a paging token the API documents is no credential, and a
 * printed request whose token is redacted does not reproduce.
 */
export function redactSecretQuery(url: string, kept: readonly string[] = []): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  let changed = false;
  for (const name of new Set(parsed.searchParams.keys())) {
    if (!SECRET_QUERY.test(name) || kept.includes(name)) continue;
    parsed.searchParams.set(name, REDACTED);
    changed = true;
  }
  return changed ? parsed.toString() : url;
}
