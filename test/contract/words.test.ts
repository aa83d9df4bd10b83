import { describe, expect, it } from 'vitest';
import { allLaws } from '../../src/contract/laws/index.js';
import { withArticle, withCount } from '../../src/contract/words.js';
import { BUILTIN } from '../helpers/apis.js';

describe('generated messages', () => {
  it('take the article a name is said with', () => {
    const said = [
      'id',
      'task_id',
      'ark',
      'everruns',
      'user_id',
      'usage',
      'unknown',
      'one',
      'item',
      '/id',
      '/task_id',
    ].map(withArticle);
    expect(said).toEqual([
      'an id',
      'a task_id',
      'an ark',
      'an everruns',
      'a user_id',
      'a usage',
      'an unknown',
      'a one',
      'an item',
      'an /id',
      'a /task_id',
    ]);
  });

  it('take the noun of a count in the singular for one, the plural otherwise', () => {
    expect([0, 1, 2].map((n) => withCount(n, 'distinct violation'))).toEqual([
      '0 distinct violations',
      '1 distinct violation',
      '2 distinct violations',
    ]);
  });

  it('say "a /task_id", never "an /task_id", in every law of the catalogue', () => {
    const texts = allLaws(BUILTIN).flatMap((law) => [law.statement, law.unexercised]);
    expect(texts).toContain('No two items of one answer share a /task_id: it identifies one object.');
    const wrong = texts.flatMap((t) =>
      [...t.matchAll(/\ban \/?([b-df-hj-np-tv-z]\w*)|\ba \/?([aeio]\w*)/gi)].map((m) => m[0]),
    );
    expect(wrong).toEqual([]);
  });
});
