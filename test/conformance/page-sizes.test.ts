import { describe, expect, it } from 'vitest';
import { repeatedFindings } from '../../src/conformance/phases/page-sizes.js';
import type { WalkResult } from '../../src/conformance/walker.js';
import { applyLaws, type Exchange } from '../../src/contract/laws/index.js';
import { operation } from '../../src/contract/operations.js';
import { praxisSession } from '../fixtures.js';
import { BUILTIN } from '../helpers/apis.js';

const sessions = operation('praxis', 'listSessions', BUILTIN);
/**
 * A session by its id, or by its id and title (`sesn_b:renamed`): another version of the same session;
 * `sesn_b@11` was created at 11:00 (newest first: before `sesn_c@10`).
 */
const session = (key: string) => {
  const [name, hour] = key.split('@');
  const [id, title] = name!.split(':');
  const created = hour ? { created_at: `2026-11-29T${hour.padStart(2, '0')}:00:00Z` } : {};
  return { ...praxisSession(), id, ...(title ? { title } : {}), ...created };
};
const page = (ids: string[]): Exchange => ({
  url: 'http://127.0.0.1/agent/v1/sessions',
  query: [],
  status: 200,
  contentType: 'application/json',
  body: { data: ids.map(session), next_page: null },
});
const walkOf = (ids: string[]): WalkResult => ({
  pages: [page(ids)],
  queries: [[]],
  cursors: [undefined],
  urls: ['http://127.0.0.1/agent/v1/sessions'],
  complete: true,
  capped: false,
});
/** The findings of a default walk listing `a` beside a walk at another page size listing `b`. */
const pair = (a: string[], b: string[]) => {
  const walks = [walkOf(a), walkOf(b)] as const;
  return [walks[0], applyLaws(sessions, 'resized', { walks, sizes: ['no limit', 'limit=5'] })] as const;
};
const skipped = (first: ReturnType<typeof pair>, fresh: ReturnType<typeof pair>, op = sessions) =>
  repeatedFindings(op, first, fresh, []).flatMap((o) => o.judgement.violations.map((v) => v.value));
/** The session list with no documented order: where a change may move a session (a list by last update). */
const unordered = Object.defineProperties({}, Object.getOwnPropertyDescriptors(sessions)) as typeof sessions;
Object.assign(unordered, { order: undefined });

describe('a finding of two page sizes is reported only when fresh walks repeat it', () => {
  it('the same item missing from the same walk again is confirmed', () => {
    expect(skipped(pair(['sesn_a', 'sesn_b'], ['sesn_a']), pair(['sesn_a', 'sesn_b'], ['sesn_a']))).toEqual(['sesn_b']);
  });
  it('an item listed by the other walk first and by the default walk later (created, then archived) is not', () => {
    // sesn_new is created between the first two walks and archived between the fresh ones.
    const first = pair(['sesn_a'], ['sesn_new', 'sesn_a']);
    const fresh = pair(['sesn_new', 'sesn_a'], ['sesn_next', 'sesn_a']);
    expect(skipped(first, fresh)).toEqual([]);
  });
  it('an item that changed between the walks is not, where its place may follow a change', () => {
    // sesn_b moves up as it changes, past the cursor of each walk one item a page, which skips it.
    const first = pair(['sesn_a', 'sesn_b'], ['sesn_a']);
    const fresh = pair(['sesn_a', 'sesn_b:renamed'], ['sesn_a']);
    expect(skipped(first, fresh, unordered)).toEqual([]);
    // Ordered by created_at, which never changes: a change moves nothing, and the skip stands.
    expect(skipped(first, fresh)).toEqual(['sesn_b']);
    // Unchanged, it stands in either list.
    expect(skipped(first, pair(['sesn_a', 'sesn_b'], ['sesn_a']), unordered)).toEqual(['sesn_b']);
  });
  it('an item after one that left the list while it was walked is not: a cursor counting places skips it', () => {
    // sesn_a leaves the list while both pairs are walked; an offset cursor then skips sesn_b, after it.
    const [a, b, c, d] = ['sesn_a@12', 'sesn_b@11', 'sesn_c@10', 'sesn_d@09'];
    expect(skipped(pair([a, b, c], [a, c]), pair([b, c], [c]))).toEqual([]);
    // What left comes after the skipped item: nothing before it moved, and the skip stands.
    expect(skipped(pair([b, c, d], [c, d]), pair([b, c], [c]))).toEqual(['sesn_b']);
  });
  it('a finding the fresh walks do not repeat is not', () => {
    expect(skipped(pair(['sesn_a', 'sesn_b'], ['sesn_a']), pair(['sesn_a', 'sesn_b'], ['sesn_a', 'sesn_b']))).toEqual(
      [],
    );
  });
});
