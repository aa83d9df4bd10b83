/**
 * Everything one API means lives in its module (src/apis/<api>/): the shared layers read it
 * through the registries and never branch on an API's name. A new API is a new module, not an
 * edit to twenty shared files (test/apis/fifth-api.test.ts adds one from outside src/).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUILTIN_API_NAMES } from '../../src/apis/index.js';

const src = fileURLToPath(new URL('../../src/', import.meta.url));
const names = BUILTIN_API_NAMES.join('|');
/** A comparison with an API's name or law prefix, a `case` on one, or a switch over the API. */
const BRANCH = new RegExp(
  [
    `[=!]==\\s*'(${names})[.']`,
    `'(${names})(\\.[a-z.-]+)?'\\s*[=!]==`,
    `case '(${names})[.']`,
    `switch \\((api|op\\.api|op\\.lawPrefix)\\)`,
    `startsWith\\('(${names})[.']`,
  ].join('|'),
);

/** Shared source files: everything under src/ but the API modules and generated code. */
function sharedFiles(): string[] {
  return readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
    (file) =>
      file.endsWith('.ts') &&
      !file.startsWith('apis/') &&
      !file.includes('generated/') &&
      !file.startsWith('contract/types/'),
  );
}

describe('one module per API', () => {
  it('no shared layer branches on an API name (the branch belongs in src/apis/<api>/)', () => {
    const branches: string[] = [];
    for (const file of sharedFiles()) {
      const lines = readFileSync(join(src, file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (BRANCH.test(line)) branches.push(`src/${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(branches).toEqual([]);
  });

  it('the check sees a branch when there is one', () => {
    expect(BRANCH.test("if (api === 'ark') return;")).toBe(true);
    expect(BRANCH.test("if (op.lawPrefix === 'praxis.sessions') return;")).toBe(true);
    expect(BRANCH.test("    case 'jsonrpc':")).toBe(true);
    expect(BRANCH.test('switch (api) {')).toBe(true);
    expect(BRANCH.test("const x = 'arkade' === y;")).toBe(false);
  });

  // behaviour.ts only where a document says what the operation's data cannot (the mock derives the rest).
  it('each built-in API has its module, with the three sides the layers read', () => {
    for (const api of BUILTIN_API_NAMES) {
      const files = readdirSync(join(src, 'apis', api)).sort();
      expect(files, api).toEqual(
        expect.arrayContaining(['contract.ts', 'faults.ts', 'generators.ts', 'mock.ts', 'rules.ts']),
      );
    }
  });
});
