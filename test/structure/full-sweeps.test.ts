/**
 * npm test runs a sample of each long sweep and `npm run test:full` all of it (test/helpers/breadth.ts):
 * a sweep whose file test:full does not name would run whole nowhere, CI included.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The TypeScript files under test/, as paths from the root. */
const sourceFiles = () =>
  readdirSync(join(root, 'test'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join('test', file));

describe('the sweeps npm test samples', () => {
  it('each runs whole in npm run test:full, which names exactly the files that sample', () => {
    const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;
    const named = scripts['test:full']!.split(' ').filter((word) => word.endsWith('.test.ts'));
    // Any file that reads the switch, however it imports it: a helper that does is refused, since its
    // callers would sample without being named.
    const sampling = sourceFiles().filter(
      (file) =>
        !['test/helpers/breadth.ts', 'test/structure/full-sweeps.test.ts'].includes(file) &&
        /helpers\/breadth(\.js)?['"]|ATC_FULL/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(sampling.filter((file) => !file.endsWith('.test.ts'))).toEqual([]);
    expect(scripts['test:full']).toMatch(/^ATC_FULL=1 vitest run /);
    expect(named.sort()).toEqual(sampling.sort());
  });

  it('CI runs npm run test:full', () => {
    expect(readFileSync(join(root, '.ci/run'), 'utf8')).toMatch(/^npm run test:full /m);
  });
});
