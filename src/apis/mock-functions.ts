/**
 * The mock's public functions over the built-in API set by default, or the set given (`apis`):
 * what `/handlers`, `/node`, `/scenarios` and `/playwright` export.
 */
import { MockApp as MockAppOver, type MockOptions } from '../handlers/app.js';
import { createHandlers as createHandlersOver, type HandlerOptions, type MockHandlers } from '../handlers/msw.js';
import { BUILTIN_APIS } from './index.js';

/** Options with the built-in set where they name none. */
export const withBuiltinApis = <O extends { apis?: MockOptions['apis'] }>(options: O): O =>
  ({ ...options, apis: options.apis ?? BUILTIN_APIS }) as O;

/** The mock as one app (a server's, a test's): `MockApp.create(options)` serves the built-in APIs or `options.apis`. */
export class MockApp extends MockAppOver {
  static override create(options: MockOptions = {}): Promise<MockApp> {
    return MockAppOver.create(withBuiltinApis(options));
  }
}

/** MSW handlers over one app of the built-in APIs (or `options.apis`): `setupServer(...createHandlers().handlers)`. */
export function createHandlers(options: HandlerOptions = {}): MockHandlers {
  return createHandlersOver(withBuiltinApis(options));
}
