/**
 * The built-in APIs' demo records for the default seed, made ahead of time by `npm run generate`
 * from these same modules: a mock of them samples nothing at start-up. A chunk of its own in a
 * browser bundle (140 kB of JSON), loaded only when read.
 */
import type { DemoRecords } from '../handlers/demo.js';

export const builtinDemoRecords = async (): Promise<DemoRecords> =>
  (await import('../handlers/generated/demo-data.js')).DEFAULT_DEMO as DemoRecords;
