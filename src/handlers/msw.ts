/**
 * MSW request handlers for every API, for `setupServer` (Node) and `setupWorker` (browser).
 * Each API answers under its base URL, by default the vendor's real one, so application code
 * that calls the real API is intercepted unchanged.
 */
import { HttpResponse, http, type RequestHandler } from 'msw';
import type { ApiName } from '../contract/registry.js';
import { mockedApiNames, mockOf } from './apis.js';
import { MockApp, type MockOptions, mockApiSet } from './app.js';
import { MockClock } from './clock.js';
import { controlOver, invoke } from './control-table.js';
import { routesOf } from './dispatch.js';
import { describeFaultProblems } from './faults/index.js';
import type { MockControl } from './mock-control.js';

export interface HandlerOptions extends MockOptions {
  /** The APIs to intercept, by name (default: every API of `apis`); their faults only. */
  apiNames?: readonly ApiName[];
  /**
   * Base URL per API. Absolute (`https://ark.cn-beijing.volces.com/api/v3`) or a path
   * (`/ark`, matched on any origin). Defaults to the vendors' real base URLs.
   */
  baseUrl?: Partial<Record<ApiName, string>>;
  /**
   * Serve this app (store, faults) instead of creating one. A promise of one is served over the set
   * `apis` names: give it the `apis` the app is created with.
   */
  app?: MockApp | Promise<MockApp>;
}

/** What an operation's path is appended to for MSW (a bare path matches on any origin), and the base's own path. */
function pattern(base: string): { prefix: string; basePath: string } {
  const trimmed = base.replace(/\/+$/, '');
  if (trimmed.startsWith('/')) return { prefix: `*${trimmed}`, basePath: trimmed };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new Error(`baseUrl "${base}" is neither an absolute URL nor a path starting with "/"`);
  }
  return { prefix: trimmed, basePath: url.pathname.replace(/\/+$/, '') };
}

/**
 * Handlers over one mock, and that mock's control (`MockControl`): what a test does with it.
 * `Scenario` is what `playScenario` takes (the scenario layer narrows it to the library's names and
 * typed objects).
 */
export interface MockHandlers<Scenario = string | object> extends MockControl<Scenario> {
  /** For `setupServer(...handlers)` or `setupWorker(...handlers)`. */
  handlers: RequestHandler[];
  /** The MockApp behind them (created on first use): its store, its requests answered. */
  app(): Promise<MockApp>;
  /** The mock's clock, which in process also reads its time in the same turn (`clock.now()`). */
  readonly clock: MockClock;
}

/** Creates handlers over one app (created on first use), and its control. */
export function createHandlers(options: HandlerOptions = {}): MockHandlers {
  const apis = options.app instanceof MockApp ? options.app.apis : mockApiSet(options.apis, 'createHandlers');
  const served = options.apiNames ?? mockedApiNames(apis);
  // A misspelt fault id, or one of an API not served, fails here, at creation, not on the first request.
  const refused = describeFaultProblems(options.faults ?? [], served, apis);
  if (refused) throw new Error(`createHandlers: ${refused}`);
  const clock = options.clock ?? new MockClock();
  let appPromise: Promise<MockApp> | undefined = options.app ? Promise.resolve(options.app) : undefined;
  const app = () => (appPromise ??= MockApp.create({ ...options, apiNames: served, clock }));
  // One handler per documented operation (GET on its path, or POST for a JSON-RPC one): any other request
  // under the base (a user's own handler for another endpoint, another method) falls through to other handlers.
  const handlers = served.flatMap((api) => {
    const { prefix, basePath } = pattern(options.baseUrl?.[api] ?? apis.contractOf(api).vendorBaseUrl);
    // The documented lists, and the documents a client reads to connect (A2A's Agent Card): GETs of their paths.
    const routes = [
      ...routesOf(api, apis).map((route) => ({ method: route.method, template: route.template })),
      ...(mockOf(api, apis).documents ?? []).map((document) => ({ method: 'GET', template: document.path })),
    ];
    return routes.map((route) =>
      http[route.method === 'POST' ? 'post' : 'get'](
        `${prefix}${route.template.replace(/\{(\w+)\}/g, ':$1')}`,
        async ({ request }) => {
          const url = new URL(request.url);
          const at = url.pathname.indexOf(basePath);
          const path = url.pathname.slice(at + basePath.length) || '/';
          const mock = await app();
          const prefer = request.headers.get('prefer');
          const body = route.method === 'POST' ? await request.text() : undefined;
          const response = mock.respond(api, {
            method: request.method,
            path,
            base: `${url.origin}${basePath}`,
            query: url.searchParams,
            ...(prefer === null ? {} : { prefer }),
            headers: Object.fromEntries(request.headers),
            ...(body === undefined ? {} : { body }),
          });
          // Latency is a network delay in wall-clock time: a frozen virtual clock never holds it.
          const wait = response.delayMs ?? mock.latencyMs;
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          if (response.networkError) return HttpResponse.error();
          const text = response.raw ?? JSON.stringify(response.body);
          // A 204 (a JSON-RPC notification's) has no body at all.
          return new HttpResponse(request.method === 'HEAD' || response.status === 204 ? null : text, {
            status: response.status,
            headers: response.headers,
          });
        },
      ),
    );
  });
  // Every call goes to the app once it is made; the clock is at hand before (an app passed in brings its own).
  const control = controlOver<string | object>(async (call, args) => invoke(await app(), call, args));
  return { ...control, clock: options.app instanceof MockApp ? options.app.clock : clock, handlers, app };
}
