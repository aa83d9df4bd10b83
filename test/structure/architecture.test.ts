/**
 * ARCHITECTURE.md stays one page, and it and the folders' README.md files stay true as the code moves:
 * at most 800 words, a mock GET and a runner finding as numbered lists of the files they pass
 * through, and every path they name exists. A path is a link, or a code span that names a file or a
 * folder: from the repository's root (`src/handlers/app.ts`), or from the page's folder (`app.ts`,
 * `../node/server.ts`), or a file at the root (`.dependency-cruiser.cjs`). `<api>` and `*` stand for any name.
 */
import { type Dirent, existsSync, readdirSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { brokenPointers, codeSpans, type Pointer, pointersOf } from '../helpers/doc-links.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const MAX_WORDS = 800;
const PATHS = ['A mock GET', 'A runner finding'];
/** Installed packages and test output: a page names none of them. */
const SKIPPED = new Set(['node_modules', '.git', 'test-results', 'coverage', 'playwright-report']);

/** Every file of the checkout, as paths from its root. */
function repositoryFiles(folder = ''): string[] {
  return readdirSync(`${root}${folder}`, { withFileTypes: true }).flatMap((entry: Dirent) => {
    const path = `${folder}${entry.name}`;
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : repositoryFiles(`${path}/`);
    return entry.isFile() ? [path] : [];
  });
}

/** A code span that names a file or folder by its place (a known file extension, or a trailing slash). */
const NAMES_A_PATH = /^[\w.<>*…-]+(\/[\w.<>*…-]+)*(\.(ts|js|mjs|cjs|json|ya?ml|md|txt|png)|\/)$/;

/**
 * What a page names that the files do not hold. A root-relative path or a link is checked as the
 * package's link check checks it; any other path is tried from the page's folder, then from the root.
 */
function unresolved(pages: Record<string, string>, files: readonly string[]): string[] {
  const read = (path: string) => pages[path] ?? readFileSync(`${root}${path}`, 'utf8');
  const broken = (pointer: Pointer) => brokenPointers([pointer], files, read);
  return Object.entries(pages).flatMap(([page, markdown]) => {
    const pointers = pointersOf(page, markdown);
    const fromRoot = new Set(pointers.map((p) => p.target));
    const relative = codeSpans(markdown)
      .map((span) => span.replace(/#.*$/, ''))
      .filter((span) => NAMES_A_PATH.test(span) && !fromRoot.has(span))
      .flatMap((span) => {
        const here: Pointer = { page, kind: 'path', target: posix.join(posix.dirname(page), span) };
        const atRoot: Pointer = { page, kind: 'path', target: posix.normalize(span) };
        return broken(here).length > 0 && broken(atRoot).length > 0
          ? [`${page} names \`${span}\`, which is not there`]
          : [];
      });
    return [...pointers.flatMap(broken), ...relative];
  });
}

/** Waits (up to a minute) while a build is writing dist/: its stamp is the last file it writes. */
async function builtOutput(): Promise<void> {
  for (let waited = 0; waited < 60_000 && !existsSync(`${root}dist/.build-stamp`); waited += 250)
    await new Promise((resolve) => setTimeout(resolve, 250));
}

/** The numbered list under a `## ` heading: each item's first line, in the order written. */
function numberedList(markdown: string, heading: string): string[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith(`${heading}\n`)) ?? '';
  return section.split('\n').filter((line) => /^\d+\. /.test(line));
}

const architecture = readFileSync(`${root}ARCHITECTURE.md`, 'utf8');
const folderReadmes = repositoryFiles().filter((file) => file.endsWith('/README.md'));

describe('ARCHITECTURE.md, one page that stays true', () => {
  it(`has at most ${MAX_WORDS} words`, () => {
    const words = architecture.split(/\s+/).filter(Boolean).length;
    expect(words, `ARCHITECTURE.md has ${words} words; move detail to a README.md beside the code`).toBeLessThanOrEqual(
      MAX_WORDS,
    );
  });

  it.each(PATHS)('walks "%s" as a numbered list, each step naming the file of src/ it passes through', (heading) => {
    const steps = numberedList(architecture, heading);
    expect(steps.length, `no numbered list under "## ${heading}"`).toBeGreaterThanOrEqual(3);
    for (const [index, step] of steps.entries())
      expect(step).toMatch(new RegExp(`^${index + 1}\\. \`src/[^\`]+\\.ts\``));
  });

  it('names only paths that exist, as do the README.md files of the folders', async () => {
    expect(folderReadmes).toEqual(expect.arrayContaining(['src/handlers/README.md', 'src/conformance/README.md']));
    const pages = Object.fromEntries(
      ['ARCHITECTURE.md', ...folderReadmes].map((page) => [page, readFileSync(`${root}${page}`, 'utf8')]),
    );
    // The pages name the build's output (dist/), which the pack test builds again meanwhile: listed once it is whole.
    await builtOutput();
    expect(unresolved(pages, repositoryFiles())).toEqual([]);
  });

  it('catches a moved file, from the root or from the folder, and a dead link', () => {
    const page = 'src/handlers/README.md';
    const text = '`src/handlers/app.ts`, `app.ts`, `../node/server.ts`, `gone.ts`, `src/gone/`, [x](missing.md)';
    expect(unresolved({ [page]: text }, ['src/handlers/app.ts', 'src/node/server.ts', page])).toEqual([
      `${page} links missing.md (src/handlers/missing.md), which the package does not hold`,
      `${page} names \`src/gone/\`, which the package does not hold`,
      `${page} names \`gone.ts\`, which is not there`,
    ]);
  });
});
