/**
 * The figures of a run that a guide shows, from a run at `npm run generate` time, never copied by
 * hand: a page's block between `<!-- conform-run:begin mock FLAGS; conform ARGS -->` and
 * `<!-- conform-run:end -->` is the end of the text report (drift, coverage and the counts) of
 * `conform ARGS` against the mock started with `mock FLAGS` (only `--fault ID`, repeatable), as a
 * person running them sees it with the mock on port 4010. Laws, requests or demo data that change the
 * figures make the page stale, and `npm test` says so.
 */

import { MockApp } from '../src/apis/mock-functions.js';
import { runCli } from '../src/cli/main.js';
import type { FaultId } from '../src/handlers/faults/index.js';
import { startServer } from '../src/node/server.js';

const BEGIN = /<!-- conform-run:begin mock ([^;]*); conform ([^>]*?) -->\n/g;
const END = '<!-- conform-run:end -->';
/** Where the page says the mock runs (`npm start`'s port). */
const SHOWN_ORIGIN = 'http://127.0.0.1:4010';

/** The page with each of its run blocks rendered again from a run. */
export async function withRunFigures(page: string, text: string): Promise<string> {
  let out = '';
  let at = 0;
  for (const match of text.matchAll(BEGIN)) {
    const [opening, mockFlags, conformArgs] = match as unknown as [string, string, string];
    const start = match.index + opening.length;
    const end = text.indexOf(END, start);
    if (end < 0) throw new Error(`${page}: a conform-run block opened at "${opening.trim()}" has no "${END}" line`);
    out += text.slice(at, start) + (await renderRun(page, mockFlags.trim(), conformArgs.trim()));
    at = end;
  }
  return out + text.slice(at);
}

async function renderRun(page: string, mockFlags: string, conformArgs: string): Promise<string> {
  const faults = faultsOf(page, mockFlags);
  const args = conformArgs.split(/\s+/);
  const api = args[args.indexOf('--api') + 1];
  if (!args.includes('--api') || api === undefined) throw new Error(`${page}: a conform-run block names no --api`);
  const withBase = (origin: string) => {
    const at = args.indexOf('--api') + 2;
    return [...args.slice(0, at), '--base-url', `${origin}/${api}`, ...args.slice(at)];
  };
  const server = await startServer(await MockApp.create({ faults }), { host: '127.0.0.1', port: 0 });
  let report = '';
  try {
    const io = { stdout: (t: string) => void (report += t), stderr: () => {}, stopSignal: new Promise<void>(() => {}) };
    await runCli(['conform', ...withBase(server.url)], io);
  } finally {
    await server.close();
  }
  const lines = report.replaceAll(server.url, SHOWN_ORIGIN).split('\n');
  const from = lines.findIndex((line) => line.startsWith('drift'));
  const to = lines.findIndex((line) => /^\d+ laws: /.test(line));
  if (from < 0 || to < from)
    throw new Error(`${page}: the run of its conform-run block printed no drift and counts:\n${report}`);
  const command = `$ agent-task-contracts conform ${withBase(SHOWN_ORIGIN).join(' ')}`;
  return ['```', command, '…', ...lines.slice(from, to + 1), '```', ''].join('\n');
}

function faultsOf(page: string, flags: string): FaultId[] {
  const words = flags.split(/\s+/).filter(Boolean);
  if (words.length % 2 !== 0 || words.some((word, i) => i % 2 === 0 && word !== '--fault'))
    throw new Error(`${page}: a conform-run block's mock takes --fault ID flags only, got "${flags}"`);
  return words.filter((_, i) => i % 2 === 1) as FaultId[];
}
