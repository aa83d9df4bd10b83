import { execFile } from 'node:child_process';
import { appendFile, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_IDS, DEFAULT_SOURCES, REPO_ROOT, runCheck, TABLE_FILE } from '../../scripts/sentences/load.js';

const run = promisify(execFile);
const TASKS = '000_833527b857329c7b.txt';
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sentences-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A copy of the sources folder, edited. */
async function sourcesCopy(name: string, edit: (folder: string) => Promise<void>): Promise<string> {
  const folder = join(dir, name);
  await cp(DEFAULT_SOURCES, folder, { recursive: true });
  await edit(folder);
  return folder;
}

/** A copy of the table, edited as text. */
async function tableCopy(name: string, edit: (text: string) => string): Promise<string> {
  const path = join(dir, `${name}.yaml`);
  await writeFile(path, edit(await readFile(join(REPO_ROOT, TABLE_FILE), 'utf8')));
  return path;
}

describe('check:sentences', () => {
  it('passes on the documents: every unit has a matching entry, every rule exists and cites a unit', async () => {
    const result = await runCheck();
    expect(result.shape).toEqual([]);
    expect(result.problems).toEqual([]);
    expect(result.counts.sentences).toBe(
      result.counts.judged + Object.values(result.counts.notAsserted).reduce((a, b) => a + b, 0) + result.counts.gaps,
    );
  });

  it('`npm run check:sentences -- --sources DIR` exits 1 quoting a sentence appended to a document', async () => {
    const added = 'Tasks are listed in the order they were started.';
    const sources = await sourcesCopy('appended', (folder) => appendFile(join(folder, TASKS), `\n\n${added}\n`));
    const outcome = await run('npm', ['run', '--silent', 'check:sentences', '--', '--sources', sources], {
      cwd: REPO_ROOT,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain(`${TASKS} 000-049-`);
    expect(outcome.stderr).toContain(`no entry for “${added}”`);
  }, 60_000);

  it('`--renumber` gives moved entries their new ids; the sentence inserted before them stays named', async () => {
    const inserted = 'Tasks of a deleted session are kept for a day.';
    const sources = await sourcesCopy('inserted', async (folder) => {
      const text = await readFile(join(folder, TASKS), 'utf8');
      await writeFile(join(folder, TASKS), text.replace('Own-face extension. ', `Own-face extension. ${inserted} `));
    });
    const before = await runCheck({ sources });
    expect(before.moves.length).toBe(39);
    expect(before.problems.filter((p) => p.message.includes('moved (the table has it as'))).toHaveLength(39);
    const table = await tableCopy('renumbered', (text) => text);
    const outcome = await run(
      'npm',
      ['run', '--silent', 'check:sentences', '--', '--sources', sources, '--table', table, '--renumber'],
      { cwd: REPO_ROOT },
    ).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );
    expect(outcome.stdout).toContain('gave 39 moved entries their new ids');
    expect(outcome.code).toBe(1);
    const after = await runCheck({ sources, table });
    expect(after.problems.map((p) => p.message)).toEqual([expect.stringContaining(`no entry for “${inserted}”`)]);
  }, 60_000);

  it('names an edited sentence with its new text and the entry it replaces', async () => {
    const sources = await sourcesCopy('edited', async (folder) => {
      const text = await readFile(join(folder, TASKS), 'utf8');
      await writeFile(
        join(folder, TASKS),
        text.replace('Missing or inaccessible sessions return 404.', 'Missing or inaccessible sessions return 410.'),
      );
    });
    const { problems } = await runCheck({ sources });
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringMatching(
        /^000_833527b857329c7b\.txt 000-020-[0-9a-f]{6} \(line 14\): the document's text changed: it now says “Missing or inaccessible sessions return 410\.”; the table's entry 000-020-14b067 says “Missing or inaccessible sessions return 404\.”/,
      ),
    ]);
  });

  it('names the field a changed table row describes', async () => {
    const sources = await sourcesCopy('row-edited', async (folder) => {
      const text = await readFile(join(folder, TASKS), 'utf8');
      await writeFile(
        join(folder, TASKS),
        text.replace('ended; null while it is running.', 'ended; null while it runs.'),
      );
    });
    const messages = (await runCheck({ sources })).problems.map((p) => p.message);
    expect(messages).toEqual([
      expect.stringMatching(
        / 000-042-[0-9a-f]{6} \(line 34, data\[\]\.ended_at\): the document's text changed: it now says “RFC 3339 time at which the task ended; null while it runs\.”/,
      ),
    ]);
  });

  it('names a law id that does not exist, with the closest one', async () => {
    const table = await tableCopy('unknown-rule', (text) =>
      text.replace('laws: [praxis.cancellable-only-when-running]', 'laws: [praxis.cancelable-only-when-running]'),
    );
    const messages = (await runCheck({ table })).problems.map((p) => p.message);
    expect(messages).toContainEqual(
      expect.stringContaining(
        'law "praxis.cancelable-only-when-running" does not exist (did you mean "praxis.cancellable-only-when-running"?)',
      ),
    );
  });

  it('names a catalogue law that no entry cites', async () => {
    const table = await tableCopy('uncited', (text) =>
      text.replaceAll('praxis.background-tasks.unknown-session-404', 'praxis.background-tasks.status-code'),
    );
    const messages = (await runCheck({ table })).problems.map((p) => p.message);
    expect(messages).toEqual([
      expect.stringContaining('law "praxis.background-tasks.unknown-session-404" cites no sentence of'),
    ]);
  });

  it('names an entry whose text no longer matches, one whose sentence is gone, and a schema pointer that resolves to nothing', async () => {
    const table = await tableCopy('mismatch', (text) =>
      text
        .replace('text: "Own-face extension."', 'text: "Own API extension."')
        .replace(
          '#/components/schemas/BackgroundTaskList required data',
          '#/components/schemas/BackgroundTaskLst required data',
        )
        .concat(
          '  - id: 004-999-abcdef\n    text: "A sentence nobody wrote."\n    not-asserted: silent\n    note: test\n',
        ),
    );
    const messages = (await runCheck({ table })).problems.map((p) => p.message);
    expect(messages).toContainEqual(
      expect.stringContaining("the entry's text “Own API extension.” is not the document's “Own-face extension.”"),
    );
    expect(messages).toContainEqual(
      expect.stringContaining("004-999-abcdef: the table's “A sentence nobody wrote.” is not in the document any more"),
    );
    expect(messages).toContainEqual(
      expect.stringContaining('/components/schemas/BackgroundTaskLst does not resolve in specs/praxis.openapi.yaml'),
    );
  });

  it('the documents have no gap; a gap fails the check, and is only listed with gaps allowed', async () => {
    expect((await runCheck()).gaps).toEqual([]);
    const table = await tableCopy('gap', (text) =>
      text.replace(
        'not-asserted: silent\n    note: "names where the operation comes from (this face, not the Managed Agents shape); nothing an answer could break"',
        'gap: "what a rule would check"',
      ),
    );
    const strict = await runCheck({ table });
    expect(strict.gaps).toHaveLength(1);
    expect(strict.problems).toHaveLength(1);
    expect(strict.problems[0]!.message).toMatch(/gap: “.+” is judged by no law/);
    const relaxed = await runCheck({ table, gapsFail: false });
    expect(relaxed.gaps).toHaveLength(1);
    expect(relaxed.problems).toEqual([]);
  });

  it('refuses a not-asserted reason outside the closed list, and an ambiguous entry without its readings', async () => {
    const table = await tableCopy('reasons', (text) =>
      text
        .replace(
          'not-asserted: silent\n    note: "names where the operation comes from (this face, not the Managed Agents shape); nothing an answer could break"',
          'not-asserted: unclear',
        )
        .replace(/not-asserted: ambiguous\n {4}note: "[^"]*"\n/, 'not-asserted: ambiguous\n'),
    );
    const { shape } = await runCheck({ table });
    expect(shape).toContainEqual(
      expect.stringContaining(
        'not-asserted is "unclear"; use one of nothing-checkable, silent, ambiguous, not-observable',
      ),
    );
    expect(shape).toContainEqual(
      expect.stringContaining('not-asserted ambiguous needs a note saying why (state both readings)'),
    );
  });

  it('judges a unit consequence by consequence: an unjudged one is a gap, and the unit keeps no judgement of its own', async () => {
    const excuse =
      /( {6}- shows: "a task of the session started before the session was created"\n)( {8}not-asserted: silent\n {8}note: "[^"]*"\n)/;
    const gap = await runCheck({ table: await tableCopy('consequence-gap', (text) => text.replace(excuse, '$1')) });
    expect(gap.gaps).toEqual([expect.objectContaining({ id: '000-005-93bc8f', partial: true })]);
    expect(gap.gaps[0]!.gap).toBe('a task of the session started before the session was created');
    expect(gap.problems.map((p) => p.message)).toEqual([expect.stringMatching(/^000_\S+ 000-005-93bc8f: gap: /)]);
    const twice = await runCheck({
      table: await tableCopy('consequence-twice', (text) =>
        text.replace(excuse, '$1$2    laws: [praxis.background-tasks.status-code]\n'),
      ),
    });
    expect(twice.shape).toContainEqual(
      expect.stringContaining('000-005-93bc8f: has consequences and its own laws; move the laws into the consequence'),
    );
    const bare = await runCheck({
      table: await tableCopy('consequence-bare', (text) => text.replace(excuse, '$1        not-asserted: silent\n')),
    });
    expect(bare.shape).toContainEqual(
      expect.stringContaining('000-005-93bc8f consequence 3: not-asserted silent needs a note saying why'),
    );
    // Every judged unit lists its consequences: one judged as a whole fails, and passes only with the check relaxed.
    const whole = await tableCopy('consequence-whole', (text) =>
      text.replace(
        /( {4}text: "GET \/agent\/v1\/sessions\/\{session_id\}\/background_tasks● Supported"\n) {4}consequences:\n(?: {6}.*\n)+?(?= {2}- id:)/,
        '$1    laws: [praxis.transport]\n',
      ),
    );
    const required = await runCheck({ table: whole });
    expect(required.problems.map((p) => [p.id, p.message.includes('is judged as a whole')])).toEqual([
      ['000-002-67e7f9', true],
    ]);
    expect((await runCheck({ table: whole, consequencesRequired: false })).problems).toEqual([]);
  });

  it('every catalogue id is a rule or law of docs/laws.md', async () => {
    const rules = await readFile(join(REPO_ROOT, 'docs/laws.md'), 'utf8');
    for (const id of CATALOGUE_IDS) expect(rules).toContain(`\`${id}\``);
  });
});
