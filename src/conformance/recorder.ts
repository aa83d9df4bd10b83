/** Collects checked rules and de-duplicated violations; emits events as they happen. */
import { ALL_LAWS, ITEM_RULES, type Source, type Violation, lawSource } from '../contract/index.js';
import { SPEC_FILES } from '../contract/faces.js';
import { curlCommand } from './curl.js';
import { redactValue } from './redact.js';
import { matchesSelector } from './selectors.js';
import type { CheckedRule, ConformanceEvent, ReportedViolation } from './types.js';

const STATEMENTS = new Map<string, { statement: string; source: Source }>([
  ...ITEM_RULES.map((r) => [r.id, { statement: r.statement, source: r.source }] as const),
  ...ALL_LAWS.map((l) => [l.id, { statement: l.statement, source: l.source }] as const),
]);

function describe(id: string): { statement: string; source: Source } {
  const known = STATEMENTS.get(id);
  if (known) return known;
  const face = id.split('.')[0] as keyof typeof SPEC_FILES;
  if (id.endsWith('.response-schema')) return { statement: 'Every response body matches the schema the spec documents for its status.', source: { file: SPEC_FILES[face] ?? 'spec', sentence: 'response schemas' } };
  if (id.endsWith('.transport')) return { statement: 'Every request gets a complete HTTP response within the timeout.', source: { file: SPEC_FILES[face] ?? 'spec', sentence: 'documented responses' } };
  return { statement: id, source: lawSource(id) };
}

export { matchesSelector };

export class Recorder {
  readonly violations: ReportedViolation[] = [];
  private readonly byKey = new Map<string, ReportedViolation>();
  private readonly checked = new Set<string>();
  readonly notes: string[] = [];

  constructor(
    private readonly headers: Record<string, string>,
    private readonly secrets: readonly string[],
    private readonly include: readonly string[] | undefined,
    private readonly exclude: readonly string[] | undefined,
    private readonly emit: (event: ConformanceEvent) => void,
  ) {}

  wanted(id: string): boolean {
    if (this.include && this.include.length > 0 && !matchesSelector(id, this.include)) return false;
    if (this.exclude && matchesSelector(id, this.exclude)) return false;
    return true;
  }

  check(...ids: string[]): void {
    for (const id of ids) if (this.wanted(id)) this.checked.add(id);
  }

  /** Records violations; returns those the selection keeps (new or repeated). */
  add(operation: string, url: string, found: readonly Violation[], replay?: { seed: number; path: string }): Violation[] {
    const kept = found.filter((v) => this.wanted(v.rule));
    for (const v of kept) {
      this.checked.add(v.rule);
      const key = `${v.rule}|${operation}|${v.instancePath.replace(/\/\d+(?=\/|$)/g, '/*')}`;
      const existing = this.byKey.get(key);
      if (existing) {
        existing.occurrences++;
        continue;
      }
      const reported: ReportedViolation = redactValue({ ...v, operation, curl: curlCommand(url, this.headers), occurrences: 1, ...(replay ? { replay } : {}) }, this.secrets);
      this.byKey.set(key, reported);
      this.violations.push(reported);
      this.emit({ type: 'violation', violation: reported });
    }
    return kept;
  }

  note(message: string): void {
    this.notes.push(message);
    this.emit({ type: 'note', message });
  }

  rules(): CheckedRule[] {
    return [...this.checked].sort().map((id) => ({ id, ...describe(id), violations: this.violations.filter((v) => v.rule === id).reduce((n, v) => n + v.occurrences, 0) }));
  }

  /** Replay info for violations found by the property phase. */
  setReplay(rules: ReadonlySet<string>, replay: { seed: number; path: string }): void {
    for (const v of this.violations) if (rules.has(v.rule) && !v.replay) v.replay = replay;
  }
}
