/** A user's OpenAPI document, read from its text (YAML or JSON) with what is missing said at once. */
import { parse } from 'yaml';
import { markParsedFrom, type OpenApiDocument } from '../contract/openapi.js';

/**
 * Parses an OpenAPI 3.1 document (YAML, or JSON, which is YAML) for `ApiContract.spec`. `file` names it
 * in errors: a parse error, or a document without `openapi`, `info` or `paths`, throws at once rather
 * than when the first validator compiles. Registering the API checks that `ApiContract.specFile` names
 * this same file.
 */
export function parseSpec(text: string, file: string): OpenApiDocument {
  let value: unknown;
  try {
    value = parse(text);
  } catch (error) {
    // One line, for a message that is printed as one: the line the parser stopped at is quoted, not framed.
    const at = (error as { linePos?: { line: number }[] }).linePos?.[0]?.line;
    const line = at === undefined ? undefined : text.split('\n')[at - 1]?.trim();
    const quoted = line ? ` (the line reads ${JSON.stringify(line.length > 80 ? `${line.slice(0, 80)}…` : line)})` : '';
    throw new Error(
      `${file} is not YAML or JSON: ${(error as Error).message.split('\n')[0]?.replace(/:$/, '')}${quoted}`,
    );
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new Error(`${file} is not an OpenAPI document: it holds no object`);
  const missing = ['openapi', 'info', 'paths'].filter((key) => !(key in value));
  if (missing.length > 0)
    throw new Error(
      `${file} is not an OpenAPI document: it has no ${missing.join(', ')} (an OpenAPI 3.1 spec has all three)`,
    );
  return markParsedFrom(value as OpenApiDocument, file);
}
