import { afterAll, describe, expect, it } from 'vitest';
import { conformAgainst } from './conform.js';
import type { FamilyApi } from './family.js';
import { SETUP } from './servers.js';

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

const conform = (api: FamilyApi, variant: string, seed = 1) =>
  conformAgainst(api, SETUP[api].make(variant), { seed, runs: 20, polls: 3, pollIntervalMs: 20 }, closers);

describe('servers written independently of the mock', () => {
  for (const api of ['ark', 'jsonrpc', 'praxis', 'everruns'] as const) {
    it(`a correct ${api} server conforms (two seeds)`, async () => {
      for (const seed of [1, 77]) {
        const result = await conform(api, 'correct', seed);
        expect(result.violations.map((v) => `${v.law}: ${v.message} (${v.curl})`)).toEqual([]);
        expect(result.exitCode).toBe(0);
      }
    });
  }

  const BREAKS: [FamilyApi, string, string][] = [
    ['ark', 'default-limit-50', 'ark.default-limit'],
    ['ark', 'ascending', 'ark.order-newest-first'],
    ['ark', 'finished-at-running', 'ark.finished-at-only-when-terminal'],
    ['ark', 'comma-states-ignored', 'ark.filter-state'],
    ['ark', 'null-summary', 'ark.response-schema'],
    ['ark', 'cursor-on-last-page', 'ark.paging-terminates'],
    ['ark', 'negative-limit-accepted', 'ark.invalid-limit-rejected'],
    ['ark', 'seconds', 'ark.times-are-unix-millis'],
    ['ark', 'thread-filter-ignored', 'ark.filter-session_thread_id'],
    ['ark', 'lifecycle-regression', 'ark.lifecycle-forward'],
    ['ark', 'zero-limit-refused', 'ark.minimum-limit-accepted'],
    ['ark', 'limit-off-by-one-between', 'ark.limit-respected'],
    ['ark', 'filters-lost-after-cursor', 'ark.filter-state'],
    ['jsonrpc', 'starting-after-inclusive', 'jsonrpc.cursor-exclusive'],
    ['jsonrpc', 'ms-times', 'jsonrpc.created-at-unix-seconds'],
    ['jsonrpc', 'status-filter-ignored', 'jsonrpc.filter-status'],
    ['jsonrpc', '422-as-400', 'jsonrpc.invalid-parameter-422'],
    ['jsonrpc', 'object-wrong', 'jsonrpc.response-schema'],
    ['jsonrpc', 'result-and-error', 'jsonrpc.envelope-result-xor-error'],
    ['jsonrpc', 'lifecycle-regression', 'jsonrpc.lifecycle-forward'],
    ['jsonrpc', 'limit-ignored', 'jsonrpc.limit-respected'],
    ['jsonrpc', 'output-while-input-required', 'jsonrpc.nothing-grows-while-input-required'],
    ['praxis', 'order-accepted', 'praxis.sessions.unsupported-filter-400'],
    ['praxis', 'cursor-not-bound', 'praxis.sessions.cursor-bound-to-query'],
    ['praxis', 'malformed-cursor-ok', 'praxis.sessions.malformed-cursor-rejected'],
    ['praxis', 'ended-at-running', 'praxis.ended-at-null-exactly-while-running'],
    ['praxis', 'cancellable-completed', 'praxis.cancellable-only-when-running'],
    ['praxis', 'archived-listed', 'praxis.session-list-excludes-archived'],
    ['praxis', 'ascending', 'praxis.sessions.order-newest-first'],
    ['praxis', 'unknown-session-200', 'praxis.background-tasks.unknown-session-404'],
    ['praxis', 'error-format-plain', 'praxis.sessions.error-format'],
    ['praxis', 'replica-behind', 'praxis.sessions.listed-between-reads'],
    ['everruns', 'state-filter-ignored', 'everruns.filter-state'],
    ['everruns', 'input-request-running', 'everruns.input-request-only-while-awaiting-input'],
    ['everruns', 'attempt-zero', 'everruns.attempt-starts-at-1'],
    ['everruns', 'result-path-wrong', 'everruns.result-path-shape'],
    ['everruns', 'unknown-session-200', 'everruns.unknown-session-404'],
    ['everruns', 'sticky-state-filter', 'everruns.listed-between-reads'],
    ['everruns', 'artifacts-while-awaiting-input', 'everruns.nothing-grows-while-awaiting-input'],
  ];
  for (const [api, variant, rule] of BREAKS) {
    it(`${api} ${variant}: caught as ${rule}`, async () => {
      const result = await conform(api, variant);
      expect(result.exitCode).toBe(1);
      expect([...new Set(result.violations.map((v) => v.law))]).toContain(rule);
    });
  }
});
