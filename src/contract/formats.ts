/**
 * The string formats the contract's validators check: ajv-formats' full ones, with `date-time` held
 * to RFC 3339's own grammar (section 5.6: an offset is `Z` or `±hh:mm`). ajv-formats also takes
 * `+0000` and `+08`, which no RFC 3339 reader has to understand; the documents say "Timestamps are
 * RFC3339" (000) and "string format: date-time" (001).
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';

const OFFSET = /(?:[Zz]|[+-]\d\d:\d\d)$/;
const { validate, compare } = fullFormats['date-time'] as { validate: (s: string) => boolean; compare: unknown };

export const formats = {
  ...fullFormats,
  'date-time': { validate: (text: string) => OFFSET.test(text) && validate(text), compare },
};
