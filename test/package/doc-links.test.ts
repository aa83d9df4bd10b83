/** The link check of the packed tarball (pack.test.ts) finds what a reader of the package could not open. */
import { describe, expect, it } from 'vitest';
import { brokenPointers, headingAnchors, pointersOf } from '../helpers/doc-links.js';

const PAGES: Record<string, string> = {
  'README.md': [
    '# Title',
    'See [the guide](docs/guide.md#a-heading), [the laws](docs/laws.md), `specs/ark.openapi.yaml`,',
    '`examples/jobs/`, `node_modules/agent-task-contracts/examples/jobs/index.js`, `specs/<api>.openapi.yaml`,',
    'the [`examples/task-board`](https://example.org/examples/task-board) page and a `public` folder of yours.',
    '```sh',
    'cat test/not/checked.txt [not](checked.md)',
    '```',
  ].join('\n'),
  'docs/guide.md': '# Guide\n\n## A heading\n\nBack to [the top](../README.md#title), [here](#a-heading).\n',
};
const FILES = [
  ...Object.keys(PAGES),
  'docs/laws.md',
  'specs/ark.openapi.yaml',
  'examples/jobs/index.js',
  'examples/jobs/mock.js',
];
const read = (path: string) => PAGES[path] ?? '';
const broken = (pages: Record<string, string>) =>
  brokenPointers(
    Object.entries(pages).flatMap(([page, text]) => pointersOf(page, text)),
    [...new Set([...FILES, ...Object.keys(pages)])],
    (path) => pages[path] ?? read(path),
  );

describe('the documentation link check', () => {
  it('reads links and repository paths outside code blocks, not addresses or a reader’s own files', () => {
    const pointers = Object.entries(PAGES).flatMap(([page, text]) => pointersOf(page, text));
    expect(pointers.map((p) => `${p.kind} ${p.target}`)).toEqual([
      'link docs/guide.md#a-heading',
      'link docs/laws.md',
      'path specs/ark.openapi.yaml',
      'path examples/jobs/',
      'path examples/jobs/index.js',
      'path specs/<api>.openapi.yaml',
      'link ../README.md#title',
      'link #a-heading',
    ]);
    expect(broken(PAGES)).toEqual([]);
  });

  it('fails on a missing file, a missing path, a missing anchor', () => {
    expect(
      broken({
        ...PAGES,
        'docs/guide.md': '# Guide\n\n[gone](gone.md), `examples/task-board/`, [no such](../README.md#nowhere)\n',
      }),
    ).toEqual([
      'README.md links docs/guide.md#a-heading, and docs/guide.md has no heading #a-heading',
      'docs/guide.md links gone.md (docs/gone.md), which the package does not hold',
      'docs/guide.md links ../README.md#nowhere, and README.md has no heading #nowhere',
      'docs/guide.md names `examples/task-board/`, which the package does not hold',
    ]);
  });

  it('anchors as GitHub makes them: link text kept, punctuation dropped, repeats numbered', () => {
    expect([...headingAnchors('# A `code` heading!\n## [x.txt](../x.txt)\n## Again\n## Again\n')]).toEqual([
      'a-code-heading',
      'xtxt',
      'again',
      'again-1',
    ]);
  });
});
