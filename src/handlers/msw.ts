/**
 * MSW request handlers for every face, for `setupServer` (Node) and `setupWorker` (browser).
 * Each face answers under its base URL, by default the vendor's real one, so application code
 * that calls the real API is intercepted unchanged.
 */
import { http, HttpResponse, delay, type RequestHandler } from 'msw';
import { FACES, type Face, VENDOR_BASE_URLS } from '../contract/index.js';
import { MockApp, type MockOptions } from './app.js';

export interface HandlerOptions extends MockOptions {
  /** Faces to mock (default: all four). */
  faces?: readonly Face[];
  /**
   * Base URL per face. Absolute (`https://ark.cn-beijing.volces.com/api/v3`) or a path
   * (`/ark`, matched on any origin). Defaults to the vendors' real base URLs.
   */
  baseUrl?: Partial<Record<Face, string>>;
  /** Serve this app (store, faults) instead of creating one. */
  app?: MockApp | Promise<MockApp>;
}

function pattern(base: string): { match: string; basePath: string } {
  const trimmed = base.replace(/\/+$/, '');
  if (trimmed.startsWith('/')) return { match: `*${trimmed}/*`, basePath: trimmed };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new Error(`baseUrl "${base}" is neither an absolute URL nor a path starting with "/"`);
  }
  return { match: `${trimmed}/*`, basePath: url.pathname.replace(/\/+$/, '') };
}

/**
 * Creates handlers over one app. `app()` resolves to it (created on first use), to reseed,
 * advance time or inject faults from a test.
 */
export function createHandlers(options: HandlerOptions = {}): { handlers: RequestHandler[]; app: () => Promise<MockApp> } {
  let appPromise: Promise<MockApp> | undefined = options.app ? Promise.resolve(options.app) : undefined;
  const app = () => (appPromise ??= MockApp.create(options));
  const handlers = (options.faces ?? FACES).map((face) => {
    const { match, basePath } = pattern(options.baseUrl?.[face] ?? VENDOR_BASE_URLS[face]);
    return http.all(match, async ({ request }) => {
      const url = new URL(request.url);
      const at = url.pathname.indexOf(basePath);
      const path = url.pathname.slice(at + basePath.length) || '/';
      const mock = await app();
      const response = mock.respond(face, { method: request.method, path, query: url.searchParams });
      const wait = response.delayMs ?? mock.latencyMs;
      if (wait > 0) await delay(wait);
      const text = response.raw ?? JSON.stringify(response.body);
      return new HttpResponse(request.method === 'HEAD' ? null : text, { status: response.status, headers: response.headers });
    });
  });
  return { handlers, app };
}

/** Handlers for all four APIs at their real base URLs, over the built-in demo data (created on first request). */
export const handlers: RequestHandler[] = createHandlers().handlers;

export { MockApp };
