/** Reporters: each renders a finished result; none of them runs checks. */

import { describeDrift } from '../contract/drift-entry.js';
import { withCount } from '../contract/words.js';
import { requestsLabel, requestsOf } from './curl.js';
import { renderHtml } from './html.js';
import type { ConformanceResult, Coverage, LawOutcome } from './types.js';

export type ReportFormat = 'text' | 'json' | 'junit' | 'html';
export const REPORT_FORMATS: readonly ReportFormat[] = ['text', 'json', 'junit', 'html'];

function short(value: unknown, max = 160): string {
  const text = JSON.stringify(value);
  if (text === undefined) return 'undefined';
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** A law that fails the run: violated, or not exercised when the run requires every law exercised. */
const fails = (result: ConformanceResult, law: LawOutcome) =>
  law.outcome === 'violated' || (result.requireExercised && law.outcome === 'not-exercised');

export function renderText(result: ConformanceResult): string {
  const lines: string[] = [];
  const session = result.session !== undefined ? `, session ${result.session}` : '';
  const shard = result.shard ? `, shard ${shardName(result)}` : '';
  lines.push(
    `agent-task-contracts conform: ${result.api} at ${result.baseUrl}${session} (seed ${result.seed}${shard})`,
  );
  if (result.error) {
    lines.push(`error: ${result.error}`);
    return `${lines.join('\n')}\n`;
  }
  if (result.incomplete) lines.push(`INCOMPLETE: ${result.incomplete}`);
  if (result.hint) lines.push(`hint: ${result.hint}`);
  for (const v of result.violations) {
    lines.push('', `✗ ${v.law}${v.occurrences > 1 ? ` (${v.occurrences} times)` : ''}`);
    lines.push(`  ${v.message}`);
    lines.push(`  document: ${v.source.file}: “${v.source.sentence}”`);
    if (v.instancePath) lines.push(`  at: ${v.instancePath}${v.value !== undefined ? ` = ${short(v.value)}` : ''}`);
    else if (v.value !== undefined) lines.push(`  value: ${short(v.value)}`);
    const requests = requestsOf(v);
    if (requests.length === 1) lines.push(`  request: ${v.curl}`);
    else lines.push(`  ${requestsLabel(requests, v.apartMs)}:`, ...requests.map((r) => `    ${r}`));
    if (v.replay) lines.push(`  replay: ${v.replay.command}`);
  }
  const unexercised = result.laws.filter((r) => r.outcome === 'not-exercised');
  if (unexercised.length > 0) {
    lines.push('', `${result.requireExercised ? '✗ not exercised (--require-exercised)' : 'not exercised'}:`);
    for (const r of unexercised) lines.push(`  - ${r.id}: ${r.reason ?? 'nothing to judge'}`);
  }
  lines.push('', ...driftLines(result));
  lines.push('', ...coverageLines(result));
  if (result.notes.length > 0) lines.push('', ...result.notes.map((n) => `note: ${n}`));
  const judged = result.laws.reduce((n, r) => n + r.judged, 0);
  const { passed, violated, notExercised } = result.counts;
  lines.push(
    '',
    `${withCount(result.laws.length, 'law')}: ${passed} passed (${withCount(judged, 'subject')} judged), ` +
      `${violated} violated, ${notExercised} not exercised; ` +
      withCount(result.violations.length, 'distinct violation'),
  );
  const seconds = (result.durationMs / 1000).toFixed(1);
  lines.push(`${withCount(result.requests, 'request')} in ${seconds} s (${result.requestsPerSecond} requests/s)`);
  const failed = result.laws.filter((r) => fails(result, r)).length;
  const skipped = result.requireExercised ? 0 : notExercised;
  lines.push(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
  return `${lines.join('\n')}\n`;
}

/** Drift: what answers carried that the spec does not declare (a warning unless --fail-on-drift). */
function driftLines(result: ConformanceResult): string[] {
  const lines: string[] = [];
  if (result.drift.length === 0)
    lines.push('drift: none (every field and enumerated value seen is declared by the spec)');
  else {
    const weight = result.failOnDrift
      ? ' (--fail-on-drift: each is a violation above)'
      : ' (a warning; --fail-on-drift makes it a violation)';
    lines.push(`drift${weight}:`);
    for (const d of result.drift) lines.push(`  ${describeDrift(d, short(d.example, 80))}`);
  }
  if (result.newValues.length > 0) {
    lines.push('new values of open fields (documented as open, so not drift):');
    for (const v of result.newValues)
      lines.push(`  ${v.operation} ${v.path}: ${JSON.stringify(v.value)} (${withCount(v.count, 'time')})`);
  }
  return lines;
}

/** Coverage of the contract, per operation, with what was missing. */
function coverageLines(result: ConformanceResult): string[] {
  const { coverage } = result;
  const minimum = result.minCoverage !== undefined ? ` (--min-coverage ${result.minCoverage}%)` : '';
  const laws = `(${coverage.laws.judged}/${coverage.laws.total})`;
  const lines = [`coverage ${coverage.score}%${minimum}: ${describeShares(coverage.percent)} ${laws}`];
  const list = (items: readonly (string | number)[]) => (items.length === 0 ? 'none' : items.join(', '));
  for (const op of coverage.operations) {
    const sent = Object.entries(op.parameters.sent).map(([p, kinds]) => `${p} (${kinds.join('/')})`);
    lines.push(`  ${op.operationId}: parameters sent ${list(sent)}; not sent ${list(op.parameters.missing)}`);
    if (op.combinations) {
      const { parameters, rows, pairs, alone, limits } = op.combinations;
      lines.push(
        `    sent together: ${parameters.join(', ')} in ${withCount(rows, 'walk')} ` +
          `covering ${withCount(pairs, 'pair')} of values`,
      );
      for (const param of Object.keys({ ...alone, ...limits }))
        lines.push(
          `    ${param} walked to the end alone with ${list((alone[param] ?? []).map((v) => JSON.stringify(v)))}; ` +
            `beside limits ${list(limits[param] ?? [])}`,
        );
    }
    if (op.cursors)
      lines.push(
        `    pages started at ${op.cursors.used} of the ${Math.max(0, op.cursors.length - 1)} positions ` +
          `between the list's ${withCount(op.cursors.length, 'item')}`,
      );
    if (op.states)
      lines.push(
        `    states seen ${op.states.seen.length}/${op.states.documented.length}; not seen ${list(op.states.missing)}`,
      );
    if (op.transitions.documented.length > 0) {
      const { seen, documented } = op.transitions;
      lines.push(
        `    transitions seen ${seen.length}/${documented.length}${seen.length > 0 ? `: ${seen.join(', ')}` : ''}`,
      );
    }
    lines.push(`    error answers provoked ${list(op.errors.provoked)}; not provoked ${list(op.errors.missing)}`);
  }
  return lines;
}

export function renderJson(result: ConformanceResult): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}

// XML 1.0 forbids these characters, so the JUnit writer removes them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: see above
const NOT_IN_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;
const xml = (text: string) =>
  text
    .replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)
    .replace(NOT_IN_XML, '');

/**
 * JUnit XML: one test case per law; violated laws fail with every violation, unexercised ones
 * are skipped with the reason.
 */
export function renderJunit(result: ConformanceResult): string {
  const failures = result.laws.filter((r) => fails(result, r)).length;
  const skipped = result.requireExercised ? 0 : result.counts.notExercised;
  const errors = result.error || result.incomplete ? 1 : 0;
  const time = (result.durationMs / 1000).toFixed(3);
  const tests = result.laws.length + errors;
  const attrs = `tests="${tests}" failures="${failures}" skipped="${skipped}" errors="${errors}" time="${time}"`;
  // One suite per shard: CI tools that read several JUnit files list the shards side by side.
  const suite = `conform ${result.api}${result.shard ? ` (shard ${shardName(result)})` : ''}`;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="agent-task-contracts" ${attrs}>`,
    `  <testsuite name="${xml(suite)}" ${attrs}>`,
    `    <properties>${runProperties(result)}${coverageProperties(result)}</properties>`,
  ];
  const erred = (name: string, error: string) =>
    `    <testcase classname="${result.api}" name="${name}"><error ${error}/></testcase>`;
  if (result.error) out.push(erred('configuration', `message="${xml(result.error)}"`));
  if (result.incomplete)
    out.push(erred('run complete', `message="${xml(`INCOMPLETE: ${result.incomplete}`)}" type="interrupted"`));
  for (const law of result.laws) {
    out.push(`    <testcase classname="${xml(result.api)}" name="${xml(law.id)}">`);
    const violations = result.violations.filter((v) => v.law === law.id);
    if (violations.length > 0) {
      const body = violations
        .map((v) =>
          [
            v.message,
            `document: ${v.source.file}: ${v.source.sentence}`,
            v.instancePath ? `at: ${v.instancePath}` : '',
            `${requestsLabel(requestsOf(v), v.apartMs)}: ${requestsOf(v).join('\n')}`,
            v.replay ? `replay: ${v.replay.command}` : '',
          ]
            .filter(Boolean)
            .join('\n'),
        )
        .join('\n\n');
      out.push(`      <failure message="${xml(violations[0]!.message)}" type="${xml(law.id)}">${xml(body)}</failure>`);
    } else if (law.outcome === 'not-exercised') {
      const reason = `not exercised: ${law.reason ?? 'nothing to judge'}`;
      out.push(
        result.requireExercised
          ? `      <failure message="${xml(reason)}" type="not-exercised"/>`
          : `      <skipped message="${xml(reason)}"/>`,
      );
    } else {
      out.push(`      <system-out>${xml(`passed: ${withCount(law.judged, 'subject')} judged`)}</system-out>`);
    }
    out.push('    </testcase>');
  }
  out.push(`    <system-out>${xml(driftLines(result).join('\n'))}</system-out>`);
  out.push('  </testsuite>', '</testsuites>', '');
  return out.join('\n');
}

const shardName = (result: ConformanceResult) => `${result.shard?.index}/${result.shard?.count}`;

const property = ([name, value]: [string, string | number]) =>
  `<property name="${name}" value="${xml(String(value))}"/>`;

function runProperties(result: ConformanceResult): string {
  const props: [string, string | number][] = [
    ['baseUrl', result.baseUrl],
    ['seed', result.seed],
    ...(result.shard ? [['shard', shardName(result)] as [string, string]] : []),
    ['requests', result.requests],
    ['complete', result.incomplete ? 'false' : 'true'],
  ];
  return props.map(property).join('');
}

function coverageProperties(result: ConformanceResult): string {
  const { coverage } = result;
  const props: [string, string | number][] = [
    ['coverage.score', coverage.score],
    ['coverage.parameters', coverage.percent.parameters],
    ['coverage.states', coverage.percent.states],
    ['coverage.laws', coverage.percent.laws],
    ['drift', result.drift.length],
  ];
  return props.map(property).join('');
}

export function render(result: ConformanceResult, format: ReportFormat): string {
  if (format === 'html') return renderHtml(result);
  return format === 'json' ? renderJson(result) : format === 'junit' ? renderJunit(result) : renderText(result);
}

/** The three shares of `Coverage.percent`, as the text report and the --min-coverage note say them. */
export const describeShares = (percent: Coverage['percent']) =>
  `parameters sent ${percent.parameters}%, states seen ${percent.states}%, laws judged ${percent.laws}%`;
