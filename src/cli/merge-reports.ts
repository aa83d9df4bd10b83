import { readFile, writeFile } from 'node:fs/promises';
import { REPORT_FORMATS, type ReportFormat } from '../conformance/report.js';
import { REPORT_VERSION } from '../conformance/report-version.js';
import type { ConformanceResult } from '../conformance/types.js';
import { withCount } from '../contract/words.js';
import { type Command, parseChoice, UsageError } from './command.js';

export const mergeReportsCommand: Command = {
  name: 'merge-reports',
  summary: "Merge the JSON reports of one run's shards (conform --shard i/n) into one report; exit as conform would.",
  usage: 'merge-reports shard-1.json shard-2.json ... [--report text|json|junit|html] [--out FILE]',
  positionals: true,
  options: {
    report: { type: 'string', default: 'text', value: REPORT_FORMATS.join('|'), help: 'The merged report format.' },
    out: {
      type: 'string',
      value: 'FILE',
      help: 'Write the merged report to this file and print only the verdict.',
      otherwise: 'stdout',
    },
  },
  async run(values, io, files) {
    const report = parseChoice(values, 'report', REPORT_FORMATS) as ReportFormat;
    if (files.length === 0)
      throw new UsageError('give the JSON report of every shard (conform --shard i/n --report json --out FILE)');
    if (report === 'html' && typeof values.out !== 'string')
      throw new UsageError('--report html writes a file: add --out report.html');
    const reports: ConformanceResult[] = [];
    for (const file of files) {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        throw new UsageError(`${file}: cannot be read (${(error as Error).message})`);
      }
      const parsed = parseReport(file, text);
      reports.push(parsed);
    }
    const [{ mergeReports, MergeError }, { render }] = await Promise.all([
      import('../conformance/merge.js'),
      import('../conformance/report.js'),
    ]);
    let merged: ConformanceResult;
    try {
      merged = mergeReports(reports);
    } catch (error) {
      if (error instanceof MergeError) throw new UsageError(error.message);
      throw error;
    }
    const text = render(merged, report);
    if (typeof values.out === 'string') {
      await writeFile(values.out, text);
      io.stdout(
        `${withCount(files.length, 'report')} merged, exit code ${merged.exitCode}; report written to ${values.out}\n`,
      );
    } else io.stdout(text);
    return merged.exitCode;
  },
};

function parseReport(file: string, text: string): ConformanceResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(`${file} is not JSON: write each shard's report with --report json --out FILE`);
  }
  const version = (value as { reportVersion?: unknown } | null)?.reportVersion;
  if (
    typeof value !== 'object' ||
    value === null ||
    version !== REPORT_VERSION ||
    !Array.isArray((value as ConformanceResult).laws)
  )
    throw new UsageError(
      `${file} is not a conform JSON report (reportVersion ${REPORT_VERSION}): write it with --report json`,
    );
  return value as ConformanceResult;
}
