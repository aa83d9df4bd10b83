/** `mock --tasks N`: the ids nested in grown tasks (a tool call's, a child session's) stay unique in the session. */

import { describe, expect, it } from 'vitest';
import { BUILTIN_API_NAMES } from '../../src/apis/index.js';
import { MockApp } from '../../src/apis/mock-functions.js';
import { idsAt } from '../../src/generators/nested-ids.js';
import { generatorsOf } from '../../src/generators/profiles.js';
import { mockOf } from '../../src/handlers/apis.js';
import { BUILTIN } from '../helpers/apis.js';

describe('nested ids in grown demo sessions', () => {
  for (const seed of [undefined, 7])
    it(`no nested id repeats in a session of 3,000 tasks per API (${seed === undefined ? 'default seed' : `seed ${seed}`})`, async () => {
      const app = await MockApp.create({
        seed,
        sessionTasks: Object.fromEntries(BUILTIN_API_NAMES.map((api) => [api, 3_000])),
      });
      let checked = 0;
      for (const api of BUILTIN_API_NAMES) {
        const items = app.store.tasks(api, mockOf(api, BUILTIN).demo!.session).map((r) => r.item);
        expect(items).toHaveLength(3_000);
        for (const path of generatorsOf(api, BUILTIN).nestedIds?.task ?? []) {
          const ids = items.flatMap((item) => idsAt(item, path));
          checked += ids.length;
          expect(ids.length - new Set(ids).size, `${api} ${path}: repeated ids`).toBe(0);
        }
      }
      // Copies of the demo tasks carry thousands of nested ids (a path nothing reaches proves nothing).
      expect(checked).toBeGreaterThan(3_000);
    });
});
