/**
 * The pages a user reads: the README and every page under docs/ (the guides, the laws, the
 * sentences). Their examples are tests (scripts/generate.ts), and every link and path they name
 * must be in the package (test/package/pack.test.ts).
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

export const isDocumentationPage = (path: string): boolean => path === 'README.md' || /^docs\/[^/]+\.md$/.test(path);

/** The pages of a checkout (or an installed package) at `root`, README first. */
export async function documentationPages(root: string): Promise<string[]> {
  const docs = (await readdir(join(root, 'docs'))).map((file) => `docs/${file}`).filter(isDocumentationPage);
  return ['README.md', ...docs.sort()];
}
