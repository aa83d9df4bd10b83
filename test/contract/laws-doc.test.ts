import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ITEM_RULES } from '../../src/apis/index.js';
import { allLaws } from '../../src/contract/laws/index.js';
import { renderLawsMarkdown } from '../../src/contract/laws-doc.js';
import { allFaults, faultChanges } from '../../src/handlers/faults/index.js';
import { BUILTIN } from '../helpers/apis.js';

describe('docs/laws.md', () => {
  it('is what the contract renders (run `npm run generate` when this fails)', async () => {
    const committed = await readFile(new URL('../../docs/laws.md', import.meta.url), 'utf8');
    expect(committed).toBe(renderLawsMarkdown(BUILTIN, faultChanges(BUILTIN)));
  });
  it('marks exactly the injectable ids as faults, each with what its transform says it changes', () => {
    const rows = [...renderLawsMarkdown(BUILTIN, faultChanges(BUILTIN)).matchAll(/^\| `([^`]+)` \| yes: ([^|]+) \|/gm)];
    expect(new Set(rows.map((m) => m[1]))).toEqual(new Set(allFaults(BUILTIN)));
    for (const [, id, changes] of rows) expect(changes).toBe(faultChanges(BUILTIN).get(id!));
    expect(renderLawsMarkdown(BUILTIN)).not.toMatch(/^\| `[^`]+` \| yes/m);
  });
  it('lists every rule and law by id', () => {
    const text = renderLawsMarkdown(BUILTIN);
    for (const id of [...ITEM_RULES.map((r) => r.id), ...allLaws(BUILTIN).map((l) => l.id)])
      expect(text).toContain(`\`${id}\``);
  });
  it('ids are unique, and the catalogue holds every item rule but those the mock alone keeps', () => {
    const ids = allLaws(BUILTIN).map((l) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of ITEM_RULES)
      if (rule.mockOnly === undefined) expect(ids).toContain(rule.id);
      else expect(ids).not.toContain(rule.id);
    expect(ITEM_RULES.filter((rule) => rule.mockOnly !== undefined).map((rule) => rule.id)).toEqual([
      'ark.started-at-absent-before-start',
    ]);
  });
});
