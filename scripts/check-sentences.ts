/**
 * `npm run check:sentences [-- --sources DIR] [--table FILE] [--renumber]`: every unit of every document in the
 * sources folder (default: specs/sources) has an entry in specs/sentences.yaml
 * whose text still matches, every law an entry names exists, and every law of the catalogue
 * cites at least one unit. Exits 1 naming each problem; lists the gaps (observable units no law
 * judges yet), which fail too once GAPS_FAIL in scripts/sentences/check.ts is true.
 * `--renumber` rewrites the ids of entries whose unit only moved (a unit was added or removed
 * before it) and checks again; an edited or new unit still needs a person to judge it.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { GAPS_FAIL, renumber } from './sentences/check.js';
import { DEFAULT_SOURCES, REPO_ROOT, runCheck, TABLE_FILE } from './sentences/load.js';
import { describeCounts } from './sentences/table.js';

const { values } = parseArgs({
  options: { sources: { type: 'string' }, table: { type: 'string' }, renumber: { type: 'boolean', default: false } },
});
const sources = values.sources ? resolve(values.sources) : DEFAULT_SOURCES;
if (!existsSync(sources)) {
  console.error(
    `check:sentences: no sources folder at ${sources}. The documents are read from ${relative(REPO_ROOT, DEFAULT_SOURCES)} by default; put them back there (git checkout) or pass --sources DIR (npm run check:sentences -- --sources DIR).`,
  );
  process.exit(1);
}
const tablePath = values.table ? resolve(values.table) : join(REPO_ROOT, TABLE_FILE);
let run = await runCheck({ sources, table: tablePath });
if (values.renumber && run.moves.length > 0) {
  await writeFile(tablePath, renumber(await readFile(tablePath, 'utf8'), run.moves));
  console.log(
    `check:sentences: gave ${run.moves.length} moved entries their new ids in ${relative(REPO_ROOT, tablePath) || tablePath}.`,
  );
  run = await runCheck({ sources, table: tablePath });
}
console.log(
  `check:sentences: ${run.counts.sentences} units in ${run.documents} documents (${sources}): ${describeCounts(run.counts)}.`,
);
console.log(
  `${run.gaps.length} gaps to close (${run.counts.gaps} whole units, ${run.counts.partialGaps} parts of judged ones): observable, judged by no law yet; ${GAPS_FAIL ? 'they fail this check' : 'they fail this check once GAPS_FAIL in scripts/sentences/check.ts is true'}:`,
);
for (const gap of run.gaps) console.log(`  ${gap.id}${gap.partial ? ' (in part)' : ''} “${gap.text}” — ${gap.gap}`);
const problems = [...run.shape, ...run.problems.map((p) => p.message)];
if (problems.length > 0) {
  console.error(`\n${problems.length} problem${problems.length === 1 ? '' : 's'}:`);
  for (const message of problems) console.error(`  - ${message}`);
  process.exit(1);
}
console.log('Every unit has an entry that matches its document, and every law cites a unit.');
