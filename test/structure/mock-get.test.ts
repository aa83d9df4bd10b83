/**
 * A mock GET crosses the files ARCHITECTURE.md lists for it, at most six, and no other file of the mock:
 * the files whose code ran for one request (mock-get-files.ts: Ark's page from its cursor, intercepted by
 * MSW) are the ones the steps of "A mock GET" name first. The contract the mock reads (src/contract: specs,
 * operations as data, shared with the runner) is not counted.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const MAX_FILES = 6;

/** The file each numbered step under "## A mock GET" names first. */
function listedFiles(): string[] {
  const architecture = readFileSync(`${root}ARCHITECTURE.md`, 'utf8');
  const section = architecture.split(/^## /m).find((part) => part.startsWith('A mock GET\n')) ?? '';
  return section.split('\n').flatMap((line) => /^\d+\. `(src\/[^`]+)`/.exec(line)?.[1] ?? []);
}

it(`a mock GET runs the files ARCHITECTURE.md lists for it, at most ${MAX_FILES}, and no other of the mock`, () => {
  const listed = listedFiles();
  expect(listed.length, 'ARCHITECTURE.md names no file in steps under "## A mock GET"').toBeGreaterThan(0);
  expect(listed.length, `ARCHITECTURE.md walks a mock GET through ${listed.join(', ')}`).toBeLessThanOrEqual(MAX_FILES);
  const output = execFileSync(`${root}node_modules/.bin/tsx`, ['test/structure/mock-get-files.ts'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  const { status, files } = JSON.parse(output) as { status?: number; files: string[] };
  expect(status, 'the measured GET is answered 200').toBe(200);
  const mock = files.filter((file) => !file.startsWith('src/contract/'));
  expect(mock, 'the files a GET ran (outside src/contract) are the steps of "## A mock GET"').toEqual(
    [...listed].sort(),
  );
});
