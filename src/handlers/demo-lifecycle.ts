/**
 * The demo data's life in a running mock: which seed built it, rebuilding it from another seed,
 * and moving its unfinished tasks along their lifecycles (`advance`), deterministically.
 */

import { isTerminal } from '../contract/lifecycle.js';
import { fieldValue, idOf, taskOperation } from '../contract/operations.js';
import type { ApiName } from '../contract/registry.js';
import type { MockClock } from './clock.js';
import { addDemo } from './dataset.js';
import type { MockStore } from './store.js';

export class DemoLifecycle {
  /** Lifecycle steps the demo tasks have taken since the data was built. */
  advanced = 0;

  constructor(
    private readonly store: MockStore,
    private readonly clock: MockClock,
    /** The seed the data was built from. */
    public seed: number,
    private readonly sessionTasks: Partial<Record<ApiName, number>> | undefined,
  ) {}

  /** Empties the store and builds the demo data of `seed` in it. */
  async rebuild(seed: number): Promise<void> {
    this.store.clear();
    await addDemo(this.store, { seed, ...(this.sessionTasks ? { sessionTasks: this.sessionTasks } : {}) });
    this.seed = seed;
    this.advanced = 0;
  }

  /** Moves every unfinished task one legal step along its lifecycle; its new times are the clock's now. */
  async advanceTasks(): Promise<void> {
    // Loaded on demand: serving the demo data does not need the generators.
    const { advanceSnapshot } = await import('../generators/lifecycles.js');
    this.advanced++;
    const { apis } = this.store;
    for (const api of apis.apiNames()) {
      const op = taskOperation(api, apis);
      const lifecycle = op.lifecycle!;
      for (const session of this.store.sessionsOf(api)) {
        for (const record of this.store.tasks(api, session)) {
          const state = String(fieldValue(record.item, op.stateField!));
          if (isTerminal(lifecycle, state)) continue;
          const options = lifecycle.transitions[state] ?? [];
          if (options.length === 0) continue;
          // A seed may be negative: the index is taken modulo the length, never a negative remainder.
          const pick = (record.seq + this.advanced + this.seed) % options.length;
          const next = options[(pick + options.length) % options.length]!;
          await this.store.updateTask(
            api,
            idOf(op, record.item),
            advanceSnapshot(api, record.item, next, 60_000, this.clock.now(), apis),
          );
        }
      }
    }
  }
}
