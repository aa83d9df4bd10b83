import { describe, expect, it } from 'vitest';
import { longNumbersOf, numberText } from '../../src/http/number-text.js';

describe('integers too long for a JavaScript number keep their digits', () => {
  const body = '{"items":[{"n":12345678901234567890}],"next_cursor": 9007199254740993 , "a\\"b":-1234567890123456}';
  const long = longNumbersOf(body);
  it('finds each long integer a member holds, with its name as JSON reads it', () => {
    expect(long).toEqual([
      ['n', '12345678901234567890'],
      ['next_cursor', '9007199254740993'],
      ['a"b', '-1234567890123456'],
    ]);
    expect(longNumbersOf('{"next_cursor":20,"x":"1234567890123456789"}')).toBeUndefined();
  });
  it('writes a rounded value back as the body wrote it, and any other as String() does', () => {
    const parsed = JSON.parse(body) as { next_cursor: number };
    expect(String(parsed.next_cursor)).toBe('9007199254740992');
    expect(numberText(parsed.next_cursor, 'next_cursor', long)).toBe('9007199254740993');
    expect(numberText(parsed.next_cursor, 'other', long)).toBe('9007199254740992');
    expect(numberText(20, 'next_cursor', long)).toBe('20');
  });
});
