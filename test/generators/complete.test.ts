/** Completing a partial object: the caller's members laid on a generated one, nested ones merged member by member. */
import { describe, expect, it } from 'vitest';
import { completer } from '../../src/generators/complete.js';
import { BUILTIN } from '../helpers/apis.js';

describe('a partial task, completed', () => {
  it('keeps the generated members beside a nested one the caller gave (links.resource_ids)', () => {
    const plain = completer('everruns', 5, undefined, BUILTIN).complete('task', { state: 'running' }, 'sess-1');
    const links = plain.links as Record<string, unknown>;
    const given = completer('everruns', 5, undefined, BUILTIN).complete(
      'task',
      { state: 'running', links: { resource_ids: ['res_given'] } },
      'sess-1',
    );
    expect(given.links).toEqual({ ...links, resource_ids: ['res_given'] });
    expect(given.session_id).toBe('sess-1');
    // Whatever is not an object on both sides is replaced whole.
    const cleared = completer('everruns', 5, undefined, BUILTIN).complete('task', { links: null }, 'sess-1');
    expect(cleared.links).toBeNull();
  });
});
