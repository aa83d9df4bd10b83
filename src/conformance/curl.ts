const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * A runnable curl command for a request. Header values are replaced by environment variable
 * references (never their values), so the command can be pasted into a shell that has them.
 */
export function curlCommand(url: string, headers: Record<string, string>): string {
  const parts = ['curl', '-sS', quote(url)];
  for (const name of Object.keys(headers)) {
    const env = `ATC_HEADER_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
    // Every --header value may be a credential: all of them are referenced, none is written.
    parts.push('-H', `"${name}: $${env}"`);
  }
  return parts.join(' ');
}
