/** The four reports carry the same run: JSON against its published schema, JUnit, text and HTML; none carries a secret. */
import { readFile } from 'node:fs/promises';
import jobs from 'agent-task-contracts/examples/jobs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a2aContract } from '../../src/apis/a2a/contract.js';
import { curlCommand } from '../../src/conformance/curl.js';
import { pagingParamsOf } from '../../src/contract/operations.js';
import { type ConformanceResult, render, runConformance } from '../../src/entries/conformance.js';
import { DEMO_SESSIONS, startMock } from '../helpers/mock-server.js';

const SECRET = 'Bearer sk-report-never-shown';
let mock: Awaited<ReturnType<typeof startMock>>;
const results: Record<string, ConformanceResult> = {};
beforeAll(async () => {
  mock = await startMock();
  const run = async (
    faults: string[],
    extra: Partial<Parameters<typeof runConformance>[0]> = {},
    outages: Parameters<typeof mock.app.setOutages>[0] = [],
  ) => {
    mock.app.faults = new Set(faults);
    await mock.app.setOutages(outages);
    return runConformance({
      api: 'ark',
      baseUrl: mock.base('ark'),
      session: DEMO_SESSIONS.ark,
      seed: 9,
      runs: 30,
      polls: 2,
      pollIntervalMs: 5,
      headers: { Authorization: SECRET },
      ...extra,
    });
  };
  results.clean = await run([]);
  results.violated = await run(['ark.filter-state', 'ark.no-undocumented-fields', 'ark.order-newest-first']);
  results.failOnDrift = await run(['ark.no-undocumented-fields'], { failOnDrift: true, minCoverage: 99 });
  results.unreachable = await runConformance({
    api: 'ark',
    baseUrl: 'http://127.0.0.1:9/ark',
    session: 'sesn-x',
    seed: 1,
  });
  results.throttled = await run([], {}, [{ api: 'ark', status: 429, retryAfter: '0', times: 3 }]);
  results.keptRefusing = await run([], { maxRetryWaitMs: 0 }, [{ api: 'ark', status: 503, retryAfter: '0' }]);
  let stop = () => {};
  const stopSignal = new Promise<void>((r) => (stop = r));
  setTimeout(stop, 150);
  results.incomplete = await run([], { runs: 5000, polls: 20, pollIntervalMs: 100, stopSignal });
  await mock.app.setOutages([]);
  mock.app.faults = new Set();
});
afterAll(async () => {
  await mock.server.close();
});

describe('reports', () => {
  it('the JSON report validates against the published schema (conformance-report.schema.json), for every kind of run', async () => {
    const schema = JSON.parse(
      await readFile(new URL('../../schemas/conformance-report.schema.json', import.meta.url), 'utf8'),
    );
    const validate = new Ajv2020({ strict: true, allErrors: true }).compile(schema);
    for (const [name, result] of Object.entries(results)) {
      const ok = validate(JSON.parse(render(result, 'json')));
      expect(validate.errors ?? [], name).toEqual([]);
      expect(ok).toBe(true);
    }
    expect(results.incomplete!.incomplete).toMatch(/interrupted/);
    expect(results.unreachable!.exitCode).toBe(2);
    expect(results.throttled!.waited).toEqual({ times: 3, ms: 0 });
    expect(results.keptRefusing!.incomplete).toMatch(/^the endpoint kept refusing .* got 503 7 times in a row/);
    // A registered module's API is named in the report as a built-in one is.
    const ofModule = { ...JSON.parse(render(results.violated!, 'json')), api: 'jobs' };
    expect(validate(ofModule), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...ofModule, api: 'Not An Api' })).toBe(false);
  });

  it('JUnit carries drift as system-out and coverage as properties', () => {
    const xml = render(results.violated!, 'junit');
    expect(xml).toMatch(/<property name="coverage.score" value="[\d.]+"\/>/);
    expect(xml).toMatch(/<property name="coverage.laws" value="[\d.]+"\/>/);
    expect(xml).toMatch(
      /<system-out>drift \(a warning; --fail-on-drift makes it a violation\):\n {2}listTasks field \/items\/\*\/x_undocumented_field: \d+ times/,
    );
  });

  it('counts in the singular for one: one distinct violation, one rule', () => {
    const one = { ...results.violated!, violations: results.violated!.violations.slice(0, 1) };
    expect(render(one, 'text')).toMatch(/; 1 distinct violation\n/);
    expect(render(one, 'html')).toContain('<strong>1</strong> distinct violation<');
    expect(render({ ...one, laws: one.laws.slice(0, 1) }, 'text')).toMatch(/\n1 law: /);
  });

  it('the text report shows the drift list and the coverage summary', () => {
    const text = render(results.violated!, 'text');
    expect(text).toMatch(
      /\ndrift \(a warning; --fail-on-drift makes it a violation\):\n {2}listTasks field \/items\/\*\/x_undocumented_field: \d+ times, e\.g\. "added by the vendor"\n/,
    );
    expect(text).toMatch(
      /\ncoverage [\d.]+%: parameters sent [\d.]+%, states seen [\d.]+%, laws judged [\d.]+% \(\d+\/\d+\)\n {2}listTasks: parameters sent .*limit \(edge\/invalid\/valid\)/,
    );
    expect(render(results.failOnDrift!, 'text')).toMatch(/✗ ark\.no-undocumented-fields/);
    expect(render(results.failOnDrift!, 'text')).toMatch(/coverage [\d.]+% \(--min-coverage 99%\)/);
  });

  it('the HTML report is one self-contained file: no script, stylesheet link, font or any URL to load', () => {
    for (const result of Object.values(results)) {
      const html = render(result, 'html');
      expect(html.startsWith('<!doctype html>')).toBe(true);
      expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(|src=|href=/i);
    }
    const html = render(results.violated!, 'html');
    expect(html).toContain('DOES NOT CONFORM');
    expect(html).toMatch(/<pre class="curl">curl -sS &#39;http:\/\/127\.0\.0\.1:\d+\/ark\/sessions\/sesn-demo\/tasks/);
    expect(html).toContain('<table id="drift">');
    expect(render(results.clean!, 'html')).toContain('CONFORMS');
    expect(render(results.incomplete!, 'html')).toContain('INCOMPLETE');
  });

  it('no report carries a header value, or the value of a query parameter named like a key, token, secret or signature', () => {
    for (const result of Object.values(results))
      for (const format of ['text', 'json', 'junit', 'html'] as const)
        expect(render(result, format)).not.toContain('sk-report-never-shown');
    const curl = curlCommand(
      'http://127.0.0.1:1/ark/sessions/s/tasks?limit=2&api_key=k-123456&access_token=t-abcdef&X-Signature=sig-999999',
      {},
    );
    expect(curl).toContain('limit=2');
    for (const secret of ['k-123456', 't-abcdef', 'sig-999999']) expect(curl).not.toContain(secret);
  });

  it("writes an API's paging token as sent, so that the printed request reproduces; credentials stay out", () => {
    const url = 'http://127.0.0.1:1/jobs/v1/sessions/s/jobs?page_token=pt-789012&api_key=k-123456';
    const curl = curlCommand(url, {}, pagingParamsOf(jobs.contract.operations));
    expect(curl).toContain('page_token=pt-789012');
    expect(curl).not.toContain('k-123456');
    // Without the API's paging parameters, a token named like a secret is one.
    expect(curlCommand(url, {})).not.toContain('pt-789012');
  });

  it("writes the headers an operation's documents require as sent, and --header values as variables", () => {
    const [listTasks] = a2aContract.operations;
    const url = 'http://127.0.0.1:1/a2a/tasks?pageSize=2';
    expect(curlCommand(url, { authorization: 'Bearer b-1' }, [], listTasks)).toBe(
      `curl -sS '${url}' -H 'A2A-Version: 1.0' -H "authorization: $ATC_HEADER_AUTHORIZATION"`,
    );
    // A --header of the same name is the user's: written as a variable, once.
    expect(curlCommand(url, { 'a2a-version': '0.3' }, [], listTasks)).toBe(
      `curl -sS '${url}' -H "a2a-version: $ATC_HEADER_A2A_VERSION"`,
    );
  });
});
