/**
 * A guide's figures of a run come from a run (scripts/run-figures.ts, at `npm run generate` time):
 * whatever a block holds, figures copied by hand included, is replaced by what the runner prints today.
 */
import { describe, expect, it } from 'vitest';
import { withRunFigures } from '../../scripts/run-figures.js';

const block = (mock: string, body: string) =>
  `before\n<!-- conform-run:begin mock ${mock}; conform --api ark --session sesn-demo --seed 3 --runs 5 --polls 1 -->\n` +
  `${body}<!-- conform-run:end -->\nafter\n`;

describe('figures of a run in the guides', () => {
  it('a block is the end of the report of the run it names, whatever was written in it', async () => {
    const stale = block('--fault ark.no-undocumented-fields', '```\n… 187 times …\n26 laws: 25 passed\n```\n');
    const page = await withRunFigures('docs/page.md', stale);
    expect(page.startsWith('before\n<!-- conform-run:begin')).toBe(true);
    expect(page.endsWith('<!-- conform-run:end -->\nafter\n')).toBe(true);
    expect(page).not.toContain('187 times');
    expect(page).toContain(
      '$ agent-task-contracts conform --api ark --base-url http://127.0.0.1:4010/ark --session sesn-demo --seed 3',
    );
    const times = /x_undocumented_field: (\d+) times/.exec(page);
    expect(Number(times?.[1])).toBeGreaterThan(0);
    expect(page).toMatch(/\n\d+ laws: \d+ passed \(\d+ subjects judged\)/);
    // Run again, the same figures: the page is not stale for a second run.
    expect(await withRunFigures('docs/page.md', page)).toBe(page);
  }, 60_000);

  it('refuses a block it cannot run, naming the page', async () => {
    await expect(withRunFigures('docs/page.md', block('--latency 5', ''))).rejects.toThrow(
      'docs/page.md: a conform-run block\'s mock takes --fault ID flags only, got "--latency 5"',
    );
    await expect(
      withRunFigures('docs/page.md', '<!-- conform-run:begin mock ; conform --api ark -->\nno end\n'),
    ).rejects.toThrow('docs/page.md: a conform-run block opened at');
  });
});
