/**
 * The HTML report: one self-contained file (no script, font or request of any kind) that opens
 * from a CI artifact. Summary, laws with outcome and source, coverage with bars, drift, and
 * every violation with its pointer, value, curl command and replay line.
 */
import { requestsLabel, requestsOf } from './curl.js';
import type { ConformanceResult, LawOutcome } from './types.js';

const esc = (text: unknown) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
const json = (value: unknown) => {
  const text = JSON.stringify(value);
  return esc(text === undefined ? 'undefined' : text.length > 300 ? `${text.slice(0, 300)}…` : text);
};

function verdict(result: ConformanceResult): { label: string; tone: string } {
  if (result.error) return { label: 'ERROR: could not judge', tone: 'bad' };
  if (result.incomplete) return { label: 'INCOMPLETE', tone: 'warn' };
  return result.exitCode === 0 ? { label: 'CONFORMS', tone: 'good' } : { label: 'DOES NOT CONFORM', tone: 'bad' };
}

const bar = (percent: number) =>
  `<span class="bar"><span style="width:${Math.max(0, Math.min(100, percent))}%"></span></span> ${percent}%`;
const share = (part: number, whole: number) => (whole === 0 ? 100 : Math.round((part / whole) * 1000) / 10);

function outcomeCell(law: LawOutcome): string {
  if (law.outcome === 'violated') return `<td class="bad">violated (${law.violations})</td>`;
  if (law.outcome === 'passed') return `<td class="good">passed (${law.judged} judged)</td>`;
  return `<td class="muted">not exercised: ${esc(law.reason ?? '')}</td>`;
}

/** The report's only style sheet, inline: the file must open with no request. */
const STYLE = [
  'body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:2rem;color:#1d2430;max-width:1200px}',
  'h1{font-size:1.4rem;margin:0 0 .3rem}' +
    'h2{font-size:1.1rem;margin-top:2rem;border-bottom:1px solid #dde;padding-bottom:.2rem}',
  '.verdict{display:inline-block;padding:.25rem .7rem;border-radius:4px;font-weight:700;color:#fff}',
  '.verdict.good{background:#1f7a3a}.verdict.bad{background:#b3261e}.verdict.warn{background:#a15c00}',
  'table{border-collapse:collapse;width:100%;margin:.5rem 0}' +
    'th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #eef;vertical-align:top}',
  'th{background:#f4f5f9}td.good{color:#1f7a3a}td.bad{color:#b3261e;font-weight:600}td.muted{color:#6b7280}',
  'code,pre{font:12px/1.4 ui-monospace,Menlo,Consolas,monospace}' +
    'pre{background:#f6f7fb;padding:.5rem;white-space:pre-wrap;word-break:break-all;margin:.2rem 0}',
  '.bar{display:inline-block;width:140px;height:10px;background:#e5e7eb;border-radius:5px;vertical-align:middle}' +
    '.bar span{display:block;height:100%;background:#3b82f6;border-radius:5px}',
  '.counts span{margin-right:1.2rem}.violation{border-left:4px solid #b3261e;padding:.2rem .8rem;margin:1rem 0}',
].join('\n');

const code = (text: unknown) => `<code>${esc(text)}</code>`;
const td = (html: string) => `<td>${html}</td>`;
const tr = (...cells: string[]) => `<tr>${cells.join('')}</tr>`;
/** A table's start: its head row, then the open body the rows go into. */
const table = (columns: readonly string[], attributes = '') =>
  `<table${attributes}><thead>${tr(...columns.map((c) => `<th>${c}</th>`))}</thead><tbody>`;

export function renderHtml(result: ConformanceResult): string {
  const v = verdict(result);
  const { coverage } = result;
  const out: string[] = [];
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8">`;
  out.push(`${head}<title>conform ${esc(result.api)}: ${esc(v.label)}</title><style>\n${STYLE}\n</style></head><body>`);
  out.push(`<h1>agent-task-contracts conform: ${esc(result.api)}</h1>`);
  const session = result.session !== undefined ? `, session ${code(result.session)}` : '';
  out.push(
    `<p><span class="verdict ${v.tone}" id="verdict">${esc(v.label)}</span> ${esc(result.baseUrl)}${session}</p>`,
  );
  if (result.error) out.push(`<p class="bad">${esc(result.error)}</p>`);
  if (result.incomplete) out.push(`<p><strong>INCOMPLETE:</strong> ${esc(result.incomplete)}</p>`);
  if (result.hint) out.push(`<p><strong>Hint:</strong> ${esc(result.hint)}</p>`);
  const counted = (n: number, what: string) => `<span><strong>${n}</strong> ${what}</span>`;
  const counts = [
    counted(result.counts.passed, 'passed'),
    counted(result.counts.violated, 'violated'),
    counted(result.counts.notExercised, 'not exercised'),
    counted(result.violations.length, result.violations.length === 1 ? 'distinct violation' : 'distinct violations'),
    `<span>${result.requests} requests in ${(result.durationMs / 1000).toFixed(1)} s</span>`,
    `<span>seed ${result.seed}</span>`,
    `<span>exit ${result.exitCode}</span>`,
  ];
  out.push(`<p class="counts" id="counts">${counts.join('')}</p>`);

  out.push('<h2>Violations</h2>');
  if (result.violations.length === 0) out.push('<p>None.</p>');
  for (const violation of result.violations) {
    const times = violation.occurrences > 1 ? ` (${violation.occurrences} times)` : '';
    out.push(`<div class="violation"><h3>${code(violation.law)}${times}</h3><p>${esc(violation.message)}</p>`);
    out.push(`<p>document: <code>${esc(violation.source.file)}</code>: “${esc(violation.source.sentence)}”</p>`);
    if (violation.instancePath) {
      const value = violation.value !== undefined ? ` = <code>${json(violation.value)}</code>` : '';
      out.push(`<p>at ${code(violation.instancePath)}${value}</p>`);
    } else if (violation.value !== undefined) out.push(`<p>value <code>${json(violation.value)}</code></p>`);
    const requests = requestsOf(violation);
    out.push(
      `<p>${esc(requestsLabel(requests, violation.apartMs))}:</p><pre class="curl">${esc(requests.join('\n'))}</pre>`,
    );
    if (violation.replay) out.push(`<p>replay:</p><pre class="replay">${esc(violation.replay.command)}</pre>`);
    out.push('</div>');
  }

  out.push(`<h2>Laws</h2>${table(['law', 'outcome', 'statement', 'source'])}`);
  for (const law of result.laws) {
    const source = `${code(law.source.file)}: “${esc(law.source.sentence)}”`;
    out.push(tr(td(code(law.id)), outcomeCell(law), td(esc(law.statement)), td(source)));
  }
  out.push('</tbody></table>');

  const minimum = result.minCoverage !== undefined ? ` (minimum ${result.minCoverage}%)` : '';
  out.push(`<h2>Coverage of the contract: ${coverage.score}%${minimum}</h2>`);
  const shares = [
    tr(td('documented parameters sent'), td(bar(coverage.percent.parameters))),
    tr(td('documented states seen'), td(bar(coverage.percent.states))),
    tr(
      td('laws judged'),
      td(bar(coverage.percent.laws)),
      td(`not exercised: ${esc(coverage.laws.missing.join(', ') || 'none')}`),
    ),
  ];
  out.push(`<table><tbody>${shares.join('')}</tbody></table>`);
  out.push(table(['operation', 'what', 'share', 'seen', 'missing']));
  for (const op of coverage.operations) {
    const row = (
      what: string,
      seen: readonly (string | number)[],
      documented: number,
      missing: readonly (string | number)[],
    ) =>
      out.push(
        tr(
          td(code(op.operationId)),
          td(what),
          td(bar(share(seen.length, documented))),
          td(esc(seen.join(', ') || '–')),
          td(esc(missing.join(', ') || '–')),
        ),
      );
    row(
      'parameters',
      Object.entries(op.parameters.sent).map(([p, kinds]) => `${p} (${kinds.join('/')})`),
      op.parameters.documented.length,
      op.parameters.missing,
    );
    if (op.states) row('states', op.states.seen, op.states.documented.length, op.states.missing);
    for (const values of op.values.filter(
      (x) => x.path !== undefined && !(op.states && x.documented.join() === op.states.documented.join()),
    ))
      row(`values at <code>${esc(values.path)}</code>`, values.seen, values.documented.length, values.missing);
    if (op.transitions.documented.length > 0)
      row('transitions', op.transitions.seen, op.transitions.documented.length, op.transitions.missing);
    row('error answers', op.errors.provoked, op.errors.documented.length, op.errors.missing);
  }
  out.push('</tbody></table>');

  out.push(`<h2>Drift${result.failOnDrift ? ' (failing: --fail-on-drift)' : ' (a warning)'}</h2>`);
  if (result.drift.length === 0)
    out.push('<p>None: every field and enumerated value seen is declared by the spec.</p>');
  else {
    out.push(table(['operation', 'kind', 'path', 'count', 'example'], ' id="drift"'));
    for (const d of result.drift)
      out.push(
        tr(
          td(code(d.operation)),
          td(d.kind),
          td(code(d.path)),
          td(String(d.count)),
          td(`<code>${json(d.example)}</code>`),
        ),
      );
    out.push('</tbody></table>');
  }
  if (result.newValues.length > 0) {
    out.push('<p>New values of fields the documents declare open (not drift):</p><ul>');
    for (const n of result.newValues)
      out.push(`<li>${code(n.operation)} ${code(n.path)}: ${code(n.value)} (${n.count})</li>`);
    out.push('</ul>');
  }
  if (result.notes.length > 0)
    out.push(`<h2>Notes</h2><ul>${result.notes.map((n) => `<li>${esc(n)}</li>`).join('')}</ul>`);
  out.push('</body></html>\n');
  return out.join('\n');
}
