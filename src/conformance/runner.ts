/**
 * The conformance runner: judges a live endpoint by the contract alone (its spec and its laws),
 * never by the mock's code. The phases only produce exchanges; the ledger applies the law
 * catalogue to them, so what is reported as judged comes from the catalogue itself.
 */

import type { ApiContract } from '../contract/api.js';
import { ApiSet, REGISTER_HINT, setOfModules } from '../contract/api-set.js';
import { type ListOperation, operationsIn, pagingParamsOf } from '../contract/operations.js';
import type { GeneratorProfile } from '../generators/profile.js';
import { registerGenerators } from '../generators/profiles.js';
import { BudgetExhausted, HttpClient, Interrupted } from '../http/client.js';
import { Handshakes } from '../http/handshake.js';
import { redactSecretQuery } from '../http/redact.js';
import { DEFAULT_CONCURRENCY, nothingLearnt, type RunContext } from './context.js';
import { curlHeaderArgs } from './curl.js';
import { ConfigurationError } from './errors.js';
import { DEFAULT_REPLAY_COMMAND } from './invocation.js';
import { Ledger } from './ledger.js';
import {
  DEFAULT_CONSECUTIVE_TIMEOUTS,
  DEFAULT_DEADLINE_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_REQUESTS,
  DEFAULT_MAX_RETRY_WAIT_MS,
  DEFAULT_POLL_INTERVAL_MS,
  DEFAULT_TIMEOUT_MS,
  deadlineReached,
  interrupted,
  keptRefusing,
  startDeadline,
  stoppedAnswering,
  THROTTLE_RETRIES,
  waitedOut,
} from './limits.js';
import { Observations } from './observations.js';
import { baselinePhase } from './phases/baseline.js';
import { independentPhase } from './phases/independent.js';
import { overTimePhase, Polls } from './phases/over-time.js';
import { propertiesPhase } from './phases/properties.js';
import { seenPhase } from './phases/seen.js';
import { toResult } from './result.js';
import { ShardPlan } from './shard-plan.js';
import { Transport } from './transport.js';
import type { ConformanceEvent, ConformanceOptions, ConformanceResult } from './types.js';

/**
 * The phases in order, each with the names its start is announced by: the phases of one batch
 * (independent.ts) start together, and the polls run beside the batches after the baseline.
 */
const PHASES: readonly [readonly string[], (ctx: RunContext, polls: Polls) => Promise<void>][] = [
  [['baseline'], baselinePhase],
  [['refusals', 'probes', 'combinations', 'over time'], independentPhase],
  [['properties'], propertiesPhase],
  [[], overTimePhase],
  [['everything seen'], seenPhase],
];

const REPLAY_PHASES: ReadonlySet<(typeof PHASES)[number][1]> = new Set([baselinePhase, propertiesPhase]);

export async function runConformance(options: ConformanceOptions): Promise<ConformanceResult> {
  const apis = runnerApiSet(options.apis);
  // Before anything reads the API's laws: an API no module gave has none to build a ledger from.
  if (!apis.has(options.api))
    throw new ConfigurationError(
      `api must be one of ${apis.apiNames().join(', ')}; got "${String(options.api)}"; ${REGISTER_HINT}`,
    );
  const ops = selectedOperations(operationsIn(apis, options.api), options);
  const started = performance.now();
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const emit = (event: ConformanceEvent) => {
    try {
      options.onEvent?.(event);
    } catch {
      // a reporter's bug must not stop the run
    }
  };
  const headers = options.headers ?? {};
  // Every --header value may be a credential, whatever its name.
  const secrets = Object.values(headers);
  const paging = pagingParamsOf(ops);
  const ledger = new Ledger({
    ops,
    headers,
    secrets,
    session: options.session,
    include: options.laws,
    exclude: options.excludeLaws,
    emit,
    replayLine: (s, path) => replayLine(options, s, path),
    seed,
    failOnDrift: options.failOnDrift ?? false,
  });
  const observations = new Observations(ops);
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const client = new HttpClient(
    {
      headers,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      rps: options.rps,
      maxRequests: options.maxRequests ?? DEFAULT_MAX_REQUESTS,
      maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      maxRetryWaitMs: options.maxRetryWaitMs ?? DEFAULT_MAX_RETRY_WAIT_MS,
      retries: THROTTLE_RETRIES,
      // Cases run `concurrency` at once, one request each: the bound only bites once throttles lower it.
      maxInFlight: concurrency,
      endWhenThrottled: true,
      maxConsecutiveTimeouts: options.maxConsecutiveTimeouts ?? DEFAULT_CONSECUTIVE_TIMEOUTS,
    },
    (url, status, ms) => emit({ type: 'request', url: redactUrl(url, secrets, paging), status, ms }),
  );
  let incomplete: string | undefined;
  const endEarly = (why: (ms: number, requests: number) => string) => {
    incomplete ??= why(performance.now() - started, client.sent);
    client.stop();
  };
  void options.stopSignal?.then(() => endEarly(interrupted));
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const cancelDeadline = startDeadline(deadlineMs, () => endEarly((ms, n) => deadlineReached(deadlineMs, ms, n)));
  const finish = (error?: string): ConformanceResult => {
    cancelDeadline();
    const redact = (url: string) => redactUrl(url, secrets, paging);
    const { stalled, throttled, waited } = client;
    if (stalled) endEarly((ms, n) => stoppedAnswering(stalled, redact, ms, n));
    if (throttled) endEarly((ms, n) => keptRefusing(throttled, redact, ms, n));
    if (waited.times > 0) ledger.note(waitedOut(waited, client.limit?.lowest, concurrency));
    const result = toResult({
      options,
      seed,
      ledger,
      observations,
      secrets,
      requests: client.sent,
      waited,
      durationMs: performance.now() - started,
      error,
      incomplete,
    });
    // Notes the verdict adds (coverage below --min-coverage) reach reporters like the ledger's own.
    for (const message of result.notes.slice(ledger.notes.length)) emit({ type: 'note', message });
    emit({ type: 'end', result });
    return result;
  };

  let base: URL;
  try {
    base = validate(options, ops);
  } catch (error) {
    return finish((error as Error).message);
  }
  emit({ type: 'start', api: options.api, baseUrl: options.baseUrl, seed });
  const ctx: RunContext = {
    options,
    seed,
    concurrency,
    shard: options.shard ? new ShardPlan(options.shard, DEFAULT_CONCURRENCY) : undefined,
    defer: (effect) => effect(ctx),
    transport: new Transport(base, client, ledger, observations, {
      reached: false,
      handshakes: new Handshakes(options.session),
    }),
    ledger,
    observations,
    ops,
    ...nothingLearnt(),
  };
  try {
    const polls = new Polls(options.polls ?? 3, options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS);
    // A replayed property case (--path) needs the sessions, values and lists the baseline learns, and nothing else.
    const phases = options.path === undefined ? PHASES : PHASES.filter(([, phase]) => REPLAY_PHASES.has(phase));
    for (const [names, phase] of phases) {
      for (const name of names) emit({ type: 'phase', name });
      await phase(ctx, polls);
    }
  } catch (error) {
    if (error instanceof ConfigurationError) return finish(error.message);
    if (error instanceof Interrupted) return finish();
    if (error instanceof BudgetExhausted) ledger.note(`${error.message}; the checks after that point did not run`);
    else ledger.note(`the run stopped early: ${String(error)}`);
  }
  return finish();
}

function validate(options: ConformanceOptions, ops: readonly ListOperation[]): URL {
  let base: URL;
  try {
    base = new URL(options.baseUrl);
  } catch {
    throw new ConfigurationError(
      `--base-url "${options.baseUrl}" is not an absolute URL (e.g. http://127.0.0.1:4010/${options.api})`,
    );
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw new ConfigurationError(`--base-url must be http or https, got ${base.protocol}`);
  if (options.maxRetryWaitMs !== undefined && !(options.maxRetryWaitMs >= 0))
    throw new ConfigurationError(`--max-retry-wait must be 0 or more ms, got ${options.maxRetryWaitMs}`);
  if (options.deadlineMs !== undefined && !(options.deadlineMs > 0))
    throw new ConfigurationError(`--deadline must be a positive number of ms, got ${options.deadlineMs}`);
  const timeouts = options.maxConsecutiveTimeouts;
  if (timeouts !== undefined && !(Number.isInteger(timeouts) && timeouts >= 1))
    throw new ConfigurationError(`--max-consecutive-timeouts must be a whole number from 1, got ${timeouts}`);
  const { concurrency, shard } = options;
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1))
    throw new ConfigurationError(`--concurrency must be a whole number of 1 or more, got ${concurrency}`);
  if (shard && !(Number.isInteger(shard.count) && shard.count >= 1 && Number.isInteger(shard.index)))
    throw new ConfigurationError(
      `--shard must be i/n with n a whole number of 1 or more, got ${shard.index}/${shard.count}`,
    );
  if (shard && (shard.index < 1 || shard.index > shard.count))
    throw new ConfigurationError(`--shard ${shard.index}/${shard.count}: i must be between 1 and ${shard.count}`);
  const needsSession = ops.find((op) => op.session.in === 'path' && !op.session.discoveredFrom);
  if (needsSession && !options.session)
    throw new ConfigurationError(
      `--session is required for ${options.api}: ${needsSession.operationId} lists the tasks of one session ` +
        'and no operation lists sessions',
    );
  return base;
}

/** The operations a run judges: those `operations` names (one whose sessions another lists needs that one too). */
function selectedOperations(all: readonly ListOperation[], options: ConformanceOptions): readonly ListOperation[] {
  const wanted = options.operations;
  if (wanted === undefined) return all;
  const ids = all.map((op) => op.operationId);
  const unknown = wanted.find((id) => !ids.includes(id));
  if (unknown !== undefined || wanted.length === 0) {
    const what = unknown === undefined ? 'names no operation' : `"${unknown}" is no operation of ${options.api}`;
    throw new ConfigurationError(`--operation ${what}; its operations: ${ids.join(', ')}`);
  }
  const chosen = all.filter((op) => wanted.includes(op.operationId));
  for (const op of chosen) {
    const from = op.session.in === 'path' ? op.session.discoveredFrom?.operationId : undefined;
    if (from !== undefined && !wanted.includes(from))
      throw new ConfigurationError(
        `--operation ${op.operationId} lists the tasks of the sessions ${from} lists: add --operation ${from}`,
      );
  }
  return chosen;
}

function redactUrl(url: string, secrets: readonly string[], paging: readonly string[]): string {
  let out = redactSecretQuery(url, paging);
  for (const s of secrets)
    if (s.length >= 4) out = out.split(encodeURIComponent(s)).join('[redacted]').split(s).join('[redacted]');
  return out;
}

const shellQuote = (text: string) => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

/**
 * The command that runs the same check again, as a person would paste it where the run was
 * started (`replayCommand`: how the CLI was invoked; `npx` for the programmatic API): every option that
 * shapes the requests (session, runs, polls, seed, path, selection) and the headers as
 * `$ATC_HEADER_…` references, never their values.
 */
function replayLine(options: ConformanceOptions, seed: number, path?: string): string {
  const parts = [
    options.replayCommand ?? DEFAULT_REPLAY_COMMAND,
    'conform',
    ...(options.replayFlags ?? []).map(shellQuote),
    '--api',
    options.api,
    '--base-url',
    shellQuote(redactSecretQuery(options.baseUrl)),
  ];
  if (options.session !== undefined) parts.push('--session', shellQuote(options.session));
  parts.push('--seed', String(seed));
  if (path !== undefined) parts.push('--path', path);
  if (options.runs !== undefined) parts.push('--runs', String(options.runs));
  if (options.polls !== undefined) parts.push('--polls', String(options.polls));
  if (options.pollIntervalMs !== undefined) parts.push('--poll-interval', String(options.pollIntervalMs));
  for (const op of options.operations ?? []) parts.push('--operation', shellQuote(op));
  if (options.laws?.length) parts.push('--laws', shellQuote(options.laws.join(',')));
  if (options.excludeLaws?.length) parts.push('--exclude-laws', shellQuote(options.excludeLaws.join(',')));
  parts.push(...curlHeaderArgs(options.headers ?? {}));
  return parts.join(' ');
}

/** The API set a run's `apis` option names: its modules by name (only their contract and generator sides are read). */
function runnerApiSet(apis: ConformanceOptions['apis']): ApiSet {
  if (apis === undefined)
    throw new ConfigurationError(
      'runConformance: apis is missing: the API set to judge by ({ ...BUILTIN_APIS, acme }); ' +
        'agent-task-contracts/conformance gives the built-in one',
    );
  if (apis instanceof ApiSet) return apis;
  return setOfModules(
    apis as Readonly<Record<string, RunnerModule>>,
    runnerSets,
    (set, { contract, generators }) => {
      // A module defineApi made has every part: its generators are derived where it gave none.
      if (!generators)
        throw new ConfigurationError(
          `runConformance: apis.${contract.api} has no generators; make the module with defineApi({ contract }) ` +
            '(agent-task-contracts/kit), which derives them',
        );
      set.addContract(contract);
      registerGenerators(generators, set);
    },
    (message) => new ConfigurationError(`runConformance: ${message}`),
  );
}

type RunnerModule = { contract: ApiContract; generators: GeneratorProfile };
const runnerSets = new WeakMap<object, ApiSet>();
