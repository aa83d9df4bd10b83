import { afterAll } from 'vitest';
import { describeConformance } from '../../src/conformance/vitest.js';
import { startMock } from '../helpers/mock-server.js';

// The helper as a user would call it: one vitest test per rule the run checked.
const mock = await startMock();
afterAll(async () => {
  await mock.server.close();
});

describeConformance('the mock Ark API, one test per rule', {
  face: 'ark',
  baseUrl: mock.base('ark'),
  session: 'sesn-demo',
  seed: 4,
  runs: 20,
  polls: 2,
  pollIntervalMs: 10,
});
