/**
 * What a page of the documentation points at, outside its code blocks: each markdown link
 * (relative to the page; an anchor must be a heading of its page) and each repository path a code
 * span names (`specs/ark.openapi.yaml`, `examples/jobs/`, relative to the package's root), and which
 * of them the package does not hold. An address (`https://…`) is not checked, nor a span in its text.
 */
import { posix } from 'node:path';

export interface Pointer {
  page: string;
  kind: 'link' | 'path';
  target: string;
}

/** The first segment of a path a page can mean in the repository; anything else is a user's own file. */
const REPOSITORY_TOPS = new Set([
  '.ci',
  'bench',
  'bin',
  'dist',
  'docs',
  'examples',
  'schemas',
  'scenarios',
  'scripts',
  'specs',
  'src',
  'test',
]);
const REPOSITORY_FILES = new Set(['README.md', 'CONTRIBUTING.md', 'ARCHITECTURE.md', 'CHANGELOG.md', 'LICENSE']);

const ADDRESS = /^[a-z][a-z0-9+.-]*:/i;
const LINK = /!?\[((?:[^\][]|\[[^\]]*\])*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;

/** The page without its fenced code blocks (their lines are code, run by the tests that own them). */
const prose = (markdown: string) => markdown.replace(/^( *)```[\s\S]*?^\1```$/gm, '');

/** GitHub's anchors of a page's headings: link syntax and backticks dropped, lower case, punctuation dropped. */
export function headingAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = heading!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** A code span that names a path of the repository, without its fragment, or undefined. */
function repositoryPath(span: string): string | undefined {
  const path = span.replace(/#.*$/, '').replace(/^node_modules\/agent-task-contracts\//, '');
  if (/\s/.test(path) || path === '') return undefined;
  if (REPOSITORY_FILES.has(path)) return path;
  const top = path.split('/')[0]!;
  return path.includes('/') && REPOSITORY_TOPS.has(top) ? path : undefined;
}

export function pointersOf(page: string, markdown: string): Pointer[] {
  const pointers: Pointer[] = [];
  for (const [, , target] of prose(markdown).matchAll(LINK))
    if (!ADDRESS.test(target!)) pointers.push({ page, kind: 'link', target: target! });
  for (const span of codeSpans(markdown)) {
    const path = repositoryPath(span);
    if (path !== undefined) pointers.push({ page, kind: 'path', target: path });
  }
  return pointers;
}

/** The code spans of a page's prose, outside its code blocks and the text of links to addresses. */
export function codeSpans(markdown: string): string[] {
  // A span in the text of a link to an address names that address's file, not the package's.
  const text = prose(markdown).replace(LINK, (link, _text, target: string) => (ADDRESS.test(target) ? '' : link));
  return [...text.matchAll(/(`+)(.+?)\1(?!`)/g)].map(([, , span]) => span!);
}

/** `<api>`, `*` and `…` stand for any name in a path: the path resolves when a file matches. */
function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.+?^$()|[\]\\{}]/g, '\\$&');
  const wild = escaped
    .replace(/<[^>/]+>/g, '[^/]+')
    .replace(/\*/g, '[^/]*')
    .replace(/…/g, '[^/]*');
  // A folder (`examples/jobs/`, `specs/sources`) resolves when the package holds a file under it.
  return new RegExp(`^${wild.replace(/\/$/, '')}(/.*)?$`);
}

/**
 * Every pointer of the pages that the package does not resolve, with why. `files` are the package's
 * files (paths from its root); `read` gives the text of one of them.
 */
export function brokenPointers(
  pointers: readonly Pointer[],
  files: readonly string[],
  read: (path: string) => string,
): string[] {
  const held = new Set(files);
  const anchors = new Map<string, Set<string>>();
  const anchorsOf = (path: string) => {
    let found = anchors.get(path);
    if (!found) anchors.set(path, (found = headingAnchors(read(path))));
    return found;
  };
  const broken: string[] = [];
  for (const { page, kind, target } of pointers) {
    if (kind === 'path') {
      const pattern = pathPattern(target);
      if (!files.some((file) => pattern.test(file)))
        broken.push(`${page} names \`${target}\`, which the package does not hold`);
      continue;
    }
    const [file, anchor] = target.split('#') as [string, string | undefined];
    const path = file === '' ? page : posix.normalize(posix.join(posix.dirname(page), file)).replace(/\/$/, '');
    const isFolder = files.some((f) => f.startsWith(`${path}/`));
    if (!held.has(path) && !isFolder) {
      broken.push(`${page} links ${target} (${path}), which the package does not hold`);
      continue;
    }
    if (anchor !== undefined && !(path.endsWith('.md') && anchorsOf(path).has(anchor)))
      broken.push(`${page} links ${target}, and ${path} has no heading #${anchor}`);
  }
  return broken;
}
