/** The verdict of a run from a hand-built final state: exit code, counts, coverage threshold, error and interruption. */
import { describe, expect, it } from 'vitest';
import { type RunState, toResult } from '../../src/conformance/result.js';
import type { Coverage, LawOutcome, Outcome } from '../../src/conformance/types.js';

const rule = (id: string, outcome: Outcome): LawOutcome => ({
  id,
  statement: `${id} holds`,
  source: { file: 'seed.md', sentence: `${id}.` },
  outcome,
  judged: outcome === 'not-exercised' ? 0 : 3,
  violations: outcome === 'violated' ? 1 : 0,
});

const coverage: Coverage = {
  operations: [],
  laws: { total: 3, judged: 2, missing: ['ark.c'] },
  percent: { parameters: 50, states: 50, laws: 67 },
  score: 56,
};

function state(outcomes: Outcome[], over: Partial<RunState> = {}): RunState & { outcomesCalls: () => number } {
  let calls = 0;
  return {
    options: { api: 'ark', baseUrl: 'http://127.0.0.1:4010/ark?api_key=k3y-value' },
    seed: 11,
    ledger: {
      outcomes: () => {
        calls++;
        return outcomes.map((o, i) => rule(`ark.${'abc'[i]}`, o));
      },
      violations: [],
      notes: ['a note from the run'],
    },
    observations: {
      coverage: () => coverage,
      driftEntries: () => [],
      newValues: () => [{ operation: 'listTasks', path: 'state', value: 'k3y-value', count: 1 }],
    },
    secrets: ['k3y-value'],
    requests: 30,
    durationMs: 2000.4,
    ...over,
    outcomesCalls: () => calls,
  };
}

describe('toResult', () => {
  it('a violated rule fails the run (exit 1); counts, timings and redaction come from the state', () => {
    const result = toResult(state(['violated', 'passed', 'not-exercised']));
    expect(result.exitCode).toBe(1);
    expect(result.counts).toEqual({ passed: 1, violated: 1, notExercised: 1 });
    expect(result.laws.map((r) => r.id)).toEqual(['ark.a', 'ark.b', 'ark.c']);
    expect(result).toMatchObject({ api: 'ark', seed: 11, requests: 30, durationMs: 2000, requestsPerSecond: 15 });
    expect(result.baseUrl).not.toContain('k3y-value');
    expect(JSON.stringify(result.newValues)).not.toContain('k3y-value');
    expect(result.notes).toEqual(['a note from the run']);
  });

  it('rules not exercised pass the run, unless requireExercised', () => {
    expect(toResult(state(['passed', 'not-exercised'])).exitCode).toBe(0);
    const strict = state(['passed', 'not-exercised'], {
      options: { api: 'ark', baseUrl: 'http://127.0.0.1:1/ark', requireExercised: true },
    });
    expect(toResult(strict).exitCode).toBe(1);
  });

  it("a coverage score below minCoverage fails the run with a note, leaving the ledger's notes as they were", () => {
    const below = state(['passed'], { options: { api: 'ark', baseUrl: 'http://127.0.0.1:1/ark', minCoverage: 60 } });
    const result = toResult(below);
    expect(result.exitCode).toBe(1);
    expect(result.minCoverage).toBe(60);
    expect(result.notes[1]).toMatch(/^coverage 56% is below --min-coverage 60%/);
    expect(below.ledger.notes).toEqual(['a note from the run']);
    const met = state(['passed'], { options: { api: 'ark', baseUrl: 'http://127.0.0.1:1/ark', minCoverage: 56 } });
    expect(toResult(met).exitCode).toBe(0);
  });

  it('a run that could not judge (exit 2) reports no rules, no drift and its error', () => {
    const failed = state(['violated'], { error: 'connection refused' });
    const result = toResult(failed);
    expect(result.exitCode).toBe(2);
    expect(result.error).toBe('connection refused');
    expect(result.laws).toEqual([]);
    expect(result.counts).toEqual({ passed: 0, violated: 0, notExercised: 0 });
    expect(result.newValues).toEqual([]);
    expect(failed.outcomesCalls()).toBe(0);
  });

  it('an interrupted run exits 2 and still reports what it judged', () => {
    const result = toResult(state(['violated', 'passed'], { incomplete: 'interrupted after 5 ms' }));
    expect(result.exitCode).toBe(2);
    expect(result.incomplete).toBe('interrupted after 5 ms');
    expect(result.counts).toEqual({ passed: 1, violated: 1, notExercised: 0 });
  });
});
