/** Reading a request path against an operation's path template (`/v1/sessions/{session_id}/tasks`). */

/** Matches a template segment by segment; `{name}` takes one non-empty segment, percent-decoded. */
export function matchTemplate(template: string, path: string): Record<string, string> | undefined {
  const want = template.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith('{') && w.endsWith('}')) {
      if (g === '') return undefined;
      let decoded: string;
      try {
        decoded = decodeURIComponent(g);
      } catch {
        return undefined;
      }
      params[w.slice(1, -1)] = decoded;
    } else if (w !== g) return undefined;
  }
  return params;
}
