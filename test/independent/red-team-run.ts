/**
 * Runs the project's `conform` CLI against every red-team server (red-team.ts) with two seeds,
 * and against each correct base server, and prints a table: caught (exit 1 with a violation),
 * missed (exit 0) or an error (any other exit). `npx tsx test/independent/red-team-run.ts
 * [--only NAME,NAME] [--seeds 1,2] [--out FILE.md]`; a few minutes on two cores.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { hostile } from '../helpers/hostile.js';
import type { FamilyApi } from './family.js';
import { RED_TEAM, serve } from './red-team.js';
import { SETUP } from './servers.js';

const { values } = parseArgs({
  options: { only: { type: 'string' }, seeds: { type: 'string', default: '1,2' }, out: { type: 'string' } },
});
const seeds = values.seeds.split(',').map(Number);
const only = values.only?.split(',');

interface Outcome {
  seed: number;
  exit: number;
  rules: string[];
}

/** One `conform` run; its JSON report on stdout gives the violated rules. */
function conform(api: FamilyApi, baseUrl: string, seed: number): Promise<Outcome> {
  const args = ['tsx', 'src/cli/entry.ts', 'conform', '--api', api, '--base-url', baseUrl, '--seed', String(seed)];
  const session = SETUP[api].session;
  if (session) args.push('--session', session);
  args.push('--report', 'json');
  return new Promise((resolve) => {
    const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('close', (code) => {
      let rules: string[] = [];
      try {
        const report = JSON.parse(out) as { violations: { law: string }[] };
        rules = [...new Set(report.violations.map((v) => v.law))];
      } catch {
        rules = [];
      }
      resolve({ seed, exit: code ?? -1, rules });
    });
  });
}

interface Row {
  name: string;
  api: FamilyApi;
  sentence: string;
  outcomes: Outcome[];
}

const subjects = [
  ...(['ark', 'jsonrpc', 'praxis', 'everruns'] as const).map((api) => ({
    name: `correct ${api}`,
    api,
    sentence: '(none: the correct base server)',
    handler: SETUP[api].make(),
  })),
  ...RED_TEAM.map((s) => ({ name: s.name, api: s.api, sentence: `${s.file}: ${s.sentence}`, handler: serve(s) })),
].filter((s) => !only || only.includes(s.name));

async function run(subject: (typeof subjects)[number]): Promise<Row> {
  const server = await hostile(subject.handler);
  try {
    const outcomes: Outcome[] = [];
    for (const seed of seeds)
      outcomes.push(await conform(subject.api, `${server.url}${SETUP[subject.api].path}`, seed));
    return { name: subject.name, api: subject.api, sentence: subject.sentence, outcomes };
  } finally {
    await server.close();
  }
}

// Two at a time: the machine has two cores.
const rows: Row[] = [];
let next = 0;
await Promise.all(
  [0, 1].map(async () => {
    while (next < subjects.length) {
      const subject = subjects[next++]!;
      const row = await run(subject);
      rows.push(row);
      process.stderr.write(`${row.name}: ${row.outcomes.map((o) => `seed ${o.seed} exit ${o.exit}`).join(', ')}\n`);
    }
  }),
);
rows.sort((a, b) => subjects.findIndex((s) => s.name === a.name) - subjects.findIndex((s) => s.name === b.name));

const verdict = (o: Outcome) =>
  o.exit === 1 && o.rules.length > 0 ? 'caught' : o.exit === 0 ? 'missed' : `exit ${o.exit}`;
const lines = [
  '| server | API | sentence | result | violated rules |',
  '| --- | --- | --- | --- | --- |',
  ...rows.map((r) => {
    const correct = r.name.startsWith('correct ');
    const result = r.outcomes
      .map((o) => `seed ${o.seed}: ${correct && o.exit === 0 ? 'passes' : verdict(o)}`)
      .join('; ');
    const rules = [...new Set(r.outcomes.flatMap((o) => o.rules))].join(', ') || '—';
    return `| ${r.name} | ${r.api} | ${r.sentence.replaceAll('|', '\\|')} | ${result} | ${rules} |`;
  }),
];
const broken = rows.filter((r) => !r.name.startsWith('correct '));
const caughtAll = broken.filter((r) => r.outcomes.every((o) => verdict(o) === 'caught')).length;
const missedAll = broken.filter((r) => r.outcomes.every((o) => verdict(o) === 'missed')).length;
const correctOk = rows.filter((r) => r.name.startsWith('correct ') && r.outcomes.every((o) => o.exit === 0)).length;
lines.push(
  '',
  `${broken.length} broken servers: ${caughtAll} caught with every seed, ${missedAll} missed with every seed, ` +
    `${broken.length - caughtAll - missedAll} mixed; ${correctOk}/4 correct servers pass.`,
);
const table = lines.join('\n');
console.log(table);
if (values.out) writeFileSync(values.out, `${table}\n`);
