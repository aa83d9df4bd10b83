/** Reporters: each renders a finished result; none of them runs checks. */
import type { ConformanceResult, RuleOutcome } from './types.js';

export type ReportFormat = 'text' | 'json' | 'junit';

function short(value: unknown, max = 160): string {
  const text = JSON.stringify(value);
  if (text === undefined) return 'undefined';
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** A rule that fails the run: violated, or not exercised when the run requires every rule exercised. */
const fails = (result: ConformanceResult, rule: RuleOutcome) => rule.outcome === 'violated' || (result.requireExercised && rule.outcome === 'not-exercised');

export function renderText(result: ConformanceResult): string {
  const lines: string[] = [];
  lines.push(`agent-task-contracts conform: ${result.face} at ${result.baseUrl}${result.session !== undefined ? `, session ${result.session}` : ''} (seed ${result.seed})`);
  if (result.error) {
    lines.push(`error: ${result.error}`);
    return `${lines.join('\n')}\n`;
  }
  if (result.incomplete) lines.push(`INCOMPLETE: ${result.incomplete}`);
  for (const v of result.violations) {
    lines.push('', `✗ ${v.rule}${v.occurrences > 1 ? ` (${v.occurrences} times)` : ''}`);
    lines.push(`  ${v.message}`);
    lines.push(`  document: ${v.source.file}: “${v.source.sentence}”`);
    if (v.instancePath) lines.push(`  at: ${v.instancePath}${v.value !== undefined ? ` = ${short(v.value)}` : ''}`);
    else if (v.value !== undefined) lines.push(`  value: ${short(v.value)}`);
    lines.push(`  request: ${v.curl}`);
    if (v.replay) lines.push(`  replay: ${v.replay.command}`);
  }
  const unexercised = result.rules.filter((r) => r.outcome === 'not-exercised');
  if (unexercised.length > 0) {
    lines.push('', `${result.requireExercised ? '✗ not exercised (--require-exercised)' : 'not exercised'}:`);
    for (const r of unexercised) lines.push(`  - ${r.id}: ${r.reason ?? 'nothing to judge'}`);
  }
  if (result.notes.length > 0) lines.push('', ...result.notes.map((n) => `note: ${n}`));
  const judged = result.rules.reduce((n, r) => n + r.judged, 0);
  const { passed, violated, notExercised } = result.counts;
  lines.push('', `${result.rules.length} rules: ${passed} passed (${judged} subjects judged), ${violated} violated, ${notExercised} not exercised; ${result.violations.length} distinct violations`);
  lines.push(`${result.requests} requests in ${(result.durationMs / 1000).toFixed(1)} s (${result.requestsPerSecond} requests/s)`);
  const failed = result.rules.filter((r) => fails(result, r)).length;
  const skipped = result.requireExercised ? 0 : notExercised;
  lines.push(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
  return `${lines.join('\n')}\n`;
}

export function renderJson(result: ConformanceResult): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}

const xml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

/** JUnit XML: one test case per rule; violated rules fail with every violation, unexercised ones are skipped with the reason. */
export function renderJunit(result: ConformanceResult): string {
  const failures = result.rules.filter((r) => fails(result, r)).length;
  const skipped = result.requireExercised ? 0 : result.counts.notExercised;
  const errors = result.error || result.incomplete ? 1 : 0;
  const attrs = `tests="${result.rules.length + errors}" failures="${failures}" skipped="${skipped}" errors="${errors}" time="${(result.durationMs / 1000).toFixed(3)}"`;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="agent-task-contracts" ${attrs}>`,
    `  <testsuite name="${xml(`conform ${result.face}`)}" ${attrs}>`,
    `    <properties><property name="baseUrl" value="${xml(result.baseUrl)}"/><property name="seed" value="${result.seed}"/><property name="requests" value="${result.requests}"/><property name="complete" value="${result.incomplete ? 'false' : 'true'}"/></properties>`,
  ];
  if (result.error) out.push(`    <testcase classname="${result.face}" name="configuration"><error message="${xml(result.error)}"/></testcase>`);
  if (result.incomplete) out.push(`    <testcase classname="${result.face}" name="run complete"><error message="${xml(`INCOMPLETE: ${result.incomplete}`)}" type="interrupted"/></testcase>`);
  for (const rule of result.rules) {
    out.push(`    <testcase classname="${xml(result.face)}" name="${xml(rule.id)}">`);
    const violations = result.violations.filter((v) => v.rule === rule.id);
    if (violations.length > 0) {
      const body = violations
        .map((v) => [v.message, `document: ${v.source.file}: ${v.source.sentence}`, v.instancePath ? `at: ${v.instancePath}` : '', `request: ${v.curl}`, v.replay ? `replay: ${v.replay.command}` : ''].filter(Boolean).join('\n'))
        .join('\n\n');
      out.push(`      <failure message="${xml(violations[0]!.message)}" type="${xml(rule.id)}">${xml(body)}</failure>`);
    } else if (rule.outcome === 'not-exercised') {
      const reason = `not exercised: ${rule.reason ?? 'nothing to judge'}`;
      out.push(result.requireExercised ? `      <failure message="${xml(reason)}" type="not-exercised"/>` : `      <skipped message="${xml(reason)}"/>`);
    } else {
      out.push(`      <system-out>${xml(`passed: ${rule.judged} subjects judged`)}</system-out>`);
    }
    out.push('    </testcase>');
  }
  out.push('  </testsuite>', '</testsuites>', '');
  return out.join('\n');
}

export function render(result: ConformanceResult, format: ReportFormat): string {
  return format === 'json' ? renderJson(result) : format === 'junit' ? renderJunit(result) : renderText(result);
}
