/**
 * npm test runs a sample of each long sweep and `npm run test:full` all of it (test/helpers/breadth.ts):
 * a sweep whose file test:full does not name would run whole nowhere, CI included.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(root, path)] : [];
  });
}

describe('the sweeps npm test samples', () => {
  it('each runs whole in npm run test:full, which names exactly the files that sample', () => {
    const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;
    const named = scripts['test:full']!.split(' ').filter((word) => word.endsWith('.test.ts'));
    const sampling = testFiles(join(root, 'test')).filter((file) =>
      /from '\.\.\/helpers\/breadth\.js'/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(scripts['test:full']).toMatch(/^ATC_FULL=1 vitest run /);
    expect(named.sort()).toEqual(sampling.sort());
  });

  it('CI runs npm run test:full', () => {
    expect(readFileSync(join(root, '.ci/run'), 'utf8')).toMatch(/^npm run test:full /m);
  });
});
