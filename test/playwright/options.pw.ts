import { expect, test } from '../../src/entries/playwright.js';

// Options for this file's worker: the server starts on another seed and with a fault, and
// reset() goes back to them, not to the defaults.
test.use({ mockServerOptions: { seed: 7, faults: ['everruns.filter-state'] } });

test('the worker server starts with the options', async ({ mock }) => {
  const state = await mock.state();
  expect(state.seed).toBe(7);
  expect(state.faults).toEqual(['everruns.filter-state']);
  await mock.setFaults([]);
  await mock.reseed(8);
});

test('reset goes back to the options, not the defaults', async ({ mock }) => {
  const state = await mock.state();
  expect(state.seed).toBe(7);
  expect(state.faults).toEqual(['everruns.filter-state']);
});
