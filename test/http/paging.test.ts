/** Following a token-paged list: where the walk goes next, and where it ends. */
import jobs from 'agent-task-contracts/examples/jobs';
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/contract/laws/index.js';
import { nextPageToken } from '../../src/contract/operations.js';
import { nextCursor, type Query } from '../../src/http/paging.js';

const op = jobs.contract.operations[0]!;
const asked: Query = [['limit', '2']];
const page = (body: unknown): Exchange => ({
  url: 'http://127.0.0.1/jobs?limit=2',
  query: asked,
  status: 200,
  contentType: 'application/json',
  body,
});

describe('a token-paged walk', () => {
  it('goes on with the token the answer offers, sent back unchanged beside the query', () => {
    const next = nextCursor(op, page({ jobs: [], next_page_token: 'pt-2' }), asked, []);
    expect(next).toEqual({
      cursor: 'pt-2',
      query: [
        ['limit', '2'],
        ['page_token', 'pt-2'],
      ],
    });
  });

  it('ends where the token is absent, null or the empty string (an empty token sent back asks for page 1)', () => {
    for (const body of [{ jobs: [] }, { jobs: [], next_page_token: null }, { jobs: [], next_page_token: '' }]) {
      expect(nextCursor(op, page(body), asked, []), JSON.stringify(body)).toBeUndefined();
      expect(nextPageToken(op, body), JSON.stringify(body)).toBeUndefined();
    }
  });
});
