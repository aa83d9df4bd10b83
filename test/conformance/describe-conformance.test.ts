import { afterAll } from 'vitest';
import { describeConformance } from '../../src/entries/conformance-vitest.js';
import { startMock } from '../helpers/mock-server.js';

// The helper as a user would call it: one vitest test per rule of the catalogue. The mock's
// tasks take a lifecycle step when the runner starts observing over time, so every rule is
// exercised (a rule the run cannot exercise would be a skipped test naming the reason).
const mock = await startMock();
afterAll(async () => {
  await mock.server.close();
});

describeConformance('the mock Ark API, one test per rule', {
  api: 'ark',
  baseUrl: mock.base('ark'),
  session: 'sesn-demo',
  seed: 4,
  runs: 20,
  polls: 2,
  pollIntervalMs: 50,
  requireExercised: true,
  onEvent: (event) => {
    if (event.type === 'phase' && event.name === 'over time') void mock.app.advance(1);
  },
});
