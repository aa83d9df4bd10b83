/** One object key as a JSON Pointer token (RFC 6901: `~` and `/` are escaped, `~` first). */
export const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
