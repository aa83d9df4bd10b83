/**
 * How much of a sweep a test runs. `npm test` runs a sample of each (a seed or two, a member or one
 * fault of each kind), so that it stays within minutes on a 2-core machine; `npm run test:full`
 * (ATC_FULL=1, which CI runs) runs all of it: every fault, seeds 1 to 8, four members of the family
 * a test, concurrency on every API. A test file that imports this is named in test:full's command,
 * and no helper imports it (test/structure/full-sweeps.test.ts checks both).
 */
export const FULL = process.env.ATC_FULL === '1';

/** The sample in `npm test`, everything under `npm run test:full`. */
export const breadth = <T>(sample: T, full: T): T => (FULL ? full : sample);
