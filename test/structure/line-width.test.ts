/**
 * No line of src/ is wider than Biome's lineWidth. Biome wraps code but never splits a string,
 * so a long message, usage line or document quote passes `npm run lint`; this test holds them to
 * the same width. Split a message into named parts or concatenated pieces, and a quote into
 * `+`-joined pieces of the exact text: what a user reads stays byte for byte the same.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const src = join(root, 'src');
/** Read from biome.json, so that the formatter and this test never disagree. */
const LINE_WIDTH: number = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8')).formatter.lineWidth;

/** Hand-written sources: generated code is as wide as its generator makes it. */
function sourceFiles(): string[] {
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split('\\').join('/'))
    .filter((file) => file.endsWith('.ts') && !file.includes('generated/') && !file.startsWith('contract/types/'))
    .sort();
}

/**
 * A line's width in columns, as an editor shows it: a wide (CJK, fullwidth) character takes two.
 * The documents quoted in src/apis are partly in Chinese.
 */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;
const width = (line: string) => [...line].reduce((sum, char) => sum + (WIDE.test(char) ? 2 : 1), 0);

function longLines(file: string): string[] {
  return readFileSync(join(src, file), 'utf8')
    .split('\n')
    .flatMap((line, index) => (width(line) > LINE_WIDTH ? [`src/${file}:${index + 1}: ${width(line)} columns`] : []));
}

describe(`src/ lines fit in ${LINE_WIDTH} columns`, () => {
  it('every hand-written source line, strings and comments included', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(longLines)).toEqual([]);
  });

  it('counts columns: a wide character takes two', () => {
    expect(width('abc')).toBe(3);
    expect(width('状态')).toBe(4);
    expect(width('limit：0')).toBe(8);
  });
});
