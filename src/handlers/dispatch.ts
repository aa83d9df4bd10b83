/**
 * Answers one API request of a running mock: an asked-for outage (a `Prefer` header or a standing
 * outage), the scenario's data on its API, or the documented answer with the injected faults,
 * taken from the response cache where a 200 depends only on the request and the data.
 */

import type { ApiSet } from '../contract/api-set.js';
import { pagingParams } from '../contract/operations.js';
import type { ApiName } from '../contract/registry.js';
import { withArticle } from '../contract/words.js';
import type { MockClock } from './clock.js';
import { describeInternalError } from './control-error.js';
import { outageResponse, preferredOutage, recordedAnswer, type StandingOutage, takeOutage } from './outages.js';
import { ResponseCache } from './response-cache.js';
import { errorResponse, handle, operationAt } from './router.js';
import type { MockStore } from './store.js';
import type { TimelinePlayer } from './timeline.js';
import type { MockRequest, MockResponse } from './types.js';

/** What a request is answered from: the mock's data and what the test set on it (MockApp is one). */
export interface Served {
  /** The API set the mock serves. */
  readonly apis: ApiSet;
  readonly store: MockStore;
  readonly faults: ReadonlySet<string>;
  readonly latencyMs: number;
  readonly scenario: TimelinePlayer | undefined;
  readonly clock: MockClock;
}

export class Dispatch {
  requestNumber = 0;
  walkNumber = 0;
  /** Outages asked for instead of the documented answers (`setOutages`), in the order given. */
  outages: StandingOutage[] = [];
  /** What faults that depend on what a client has seen remember, and what each fault broke. */
  readonly faultMemory = new Map<string, number>();
  private readonly cache = new ResponseCache();

  constructor(private readonly cacheResponses: boolean) {}

  /**
   * Answers one API request. Never throws: an error inside the mock becomes a 500 in the API's
   * own error format, naming the error, and is logged once.
   */
  respond(served: Served, api: ApiName, request: MockRequest): MockResponse {
    try {
      return this.answer(served, api, request);
    } catch (error) {
      return internalError(api, error, served.apis);
    }
  }

  /** Forgets the outages asked for and what the faults remember (`reset`). */
  forget(): void {
    this.outages = [];
    this.faultMemory.clear();
  }

  private answer(served: Served, api: ApiName, request: MockRequest): MockResponse {
    this.requestNumber++;
    if (!pagingParams(served.apis).some((p) => request.query.has(p))) this.walkNumber++;
    const asked =
      (request.prefer === undefined ? undefined : preferredOutage(request.prefer)) ??
      (this.outages.length === 0
        ? undefined
        : takeOutage(this.outages, api, request.path, operationAt(api, request.path, served.apis)));
    if (asked === undefined) return this.documented(served, api, request);
    if (!('delayMs' in asked)) return outageResponse(api, asked, served.latencyMs, this.requestNumber, served.apis);
    const response = this.documented(served, api, request);
    return { ...response, delayMs: (response.delayMs ?? served.latencyMs) + asked.delayMs };
  }

  /** The documented answer (or the scenario's), with the injected faults. */
  private documented(served: Served, api: ApiName, request: MockRequest): MockResponse {
    const { scenario, faults } = served;
    if (scenario && api === scenario.api) return this.fromScenario(served, api, request, scenario);
    // Without faults a 200 depends only on the request and the data.
    const cacheable = this.cacheResponses && faults.size === 0 && request.method === 'GET';
    const key = cacheable ? `${api} ${request.path}${request.search ?? `?${request.query.toString()}`}` : '';
    const hit = cacheable ? this.cache.get(key, served.store.version) : undefined;
    if (hit) return hit;
    const response = handle(api, request, this.context(served.apis, served.store, faults));
    return cacheable ? this.cache.remember(key, response, this.requestNumber) : response;
  }

  private fromScenario(served: Served, api: ApiName, request: MockRequest, scenario: TimelinePlayer): MockResponse {
    const view = scenario.view(request, served.clock.now());
    const answer = view.answers.find((a) => a.path === request.path);
    if (answer) return recordedAnswer(answer, served.latencyMs + view.latencyMs);
    const faults = view.faults.length === 0 ? served.faults : new Set([...served.faults, ...view.faults]);
    const response = handle(api, request, this.context(served.apis, view.store, faults));
    return { ...response, delayMs: served.latencyMs + view.latencyMs };
  }

  private context(apis: ApiSet, store: MockStore, faults: ReadonlySet<string>) {
    return {
      apis,
      store,
      faults,
      requestNumber: this.requestNumber,
      walkNumber: this.walkNumber,
      faultMemory: this.faultMemory,
    };
  }
}

/** An error inside the mock, as a 500 in the API's error format. */
function internalError(api: ApiName, error: unknown, apis: ApiSet): MockResponse {
  return errorResponse(
    api,
    500,
    `mock internal error: ${describeInternalError(`answering ${withArticle(api)} request`, error)}`,
    {},
    0,
    apis,
  );
}
