/** Reporters: each renders a finished result; none of them runs checks. */
import type { ConformanceResult, ReportedViolation } from './types.js';

export type ReportFormat = 'text' | 'json' | 'junit';

function short(value: unknown, max = 160): string {
  const text = JSON.stringify(value);
  if (text === undefined) return 'undefined';
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function replayCommand(result: ConformanceResult, v: ReportedViolation): string | undefined {
  if (!v.replay) return undefined;
  return `agent-task-contracts conform --face ${result.face} --base-url ${result.baseUrl} --seed ${v.replay.seed} --path ${v.replay.path}`;
}

export function renderText(result: ConformanceResult): string {
  const lines: string[] = [];
  lines.push(`agent-task-contracts conform: ${result.face} at ${result.baseUrl} (seed ${result.seed})`);
  if (result.error) {
    lines.push(`error: ${result.error}`);
    return `${lines.join('\n')}\n`;
  }
  for (const v of result.violations) {
    lines.push('', `✗ ${v.rule}${v.occurrences > 1 ? ` (${v.occurrences} times)` : ''}`);
    lines.push(`  ${v.message}`);
    lines.push(`  document: ${v.source.file}: “${v.source.sentence}”`);
    if (v.instancePath) lines.push(`  at: ${v.instancePath}${v.value !== undefined ? ` = ${short(v.value)}` : ''}`);
    else if (v.value !== undefined) lines.push(`  value: ${short(v.value)}`);
    lines.push(`  request: ${v.curl}`);
    const replay = replayCommand(result, v);
    if (replay) lines.push(`  replay: ${replay}`);
  }
  if (result.notes.length > 0) lines.push('', ...result.notes.map((n) => `note: ${n}`));
  const failed = result.rules.filter((r) => r.violations > 0).length;
  lines.push('', `${result.rules.length} rules checked, ${failed} violated; ${result.violations.length} distinct violations`);
  lines.push(`${result.requests} requests in ${(result.durationMs / 1000).toFixed(1)} s (${result.requestsPerSecond} requests/s)`);
  lines.push(`${result.rules.length - failed} passed, ${failed} failed`);
  return `${lines.join('\n')}\n`;
}

export function renderJson(result: ConformanceResult): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}

const xml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

/** JUnit XML: one test case per rule checked, failing with every violation of that rule. */
export function renderJunit(result: ConformanceResult): string {
  const failures = result.rules.filter((r) => r.violations > 0).length;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="agent-task-contracts" tests="${result.rules.length}" failures="${failures}" errors="${result.error ? 1 : 0}" time="${(result.durationMs / 1000).toFixed(3)}">`,
    `  <testsuite name="${xml(`conform ${result.face}`)}" tests="${result.rules.length}" failures="${failures}" errors="${result.error ? 1 : 0}" time="${(result.durationMs / 1000).toFixed(3)}">`,
    `    <properties><property name="baseUrl" value="${xml(result.baseUrl)}"/><property name="seed" value="${result.seed}"/><property name="requests" value="${result.requests}"/></properties>`,
  ];
  if (result.error) out.push(`    <testcase classname="${result.face}" name="configuration"><error message="${xml(result.error)}"/></testcase>`);
  for (const rule of result.rules) {
    out.push(`    <testcase classname="${xml(result.face)}" name="${xml(rule.id)}">`);
    const violations = result.violations.filter((v) => v.rule === rule.id);
    if (violations.length > 0) {
      const body = violations
        .map((v) => [v.message, `document: ${v.source.file}: ${v.source.sentence}`, v.instancePath ? `at: ${v.instancePath}` : '', `request: ${v.curl}`, replayCommand(result, v) ?? ''].filter(Boolean).join('\n'))
        .join('\n\n');
      out.push(`      <failure message="${xml(violations[0]!.message)}" type="${xml(rule.id)}">${xml(body)}</failure>`);
    }
    out.push('    </testcase>');
  }
  out.push('  </testsuite>', '</testsuites>', '');
  return out.join('\n');
}

export function render(result: ConformanceResult, format: ReportFormat): string {
  return format === 'json' ? renderJson(result) : format === 'junit' ? renderJunit(result) : renderText(result);
}
