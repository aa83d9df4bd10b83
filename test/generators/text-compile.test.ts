/**
 * The compiled text writers (src/generators/text-compile.ts) join runs of members with few possible
 * texts into one table of their combinations, within limits on its size. Texts too long for any
 * table (a pick of long texts, a long fixed text beside one) are written on their own: the same
 * text, from the same draws, as writing each member in turn.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/generators/draw.js';
import type { RecordNode, TextDraw, TextNode } from '../../src/generators/text.js';
import { compileMembers } from '../../src/generators/text-compile.js';

const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);

const texts = (n: number, length: number, tag: string) =>
  Array.from({ length: n }, (_, i) => JSON.stringify(`${tag}${i}:`.padEnd(length, tag)));
const pick = (choices: string[]): TextNode => ({
  kind: 'pick',
  texts: choices,
  values: choices.map((t) => JSON.parse(t) as unknown),
});
const fixed = (value: string): TextNode => ({ kind: 'text', text: JSON.stringify(value), constant: () => value });
const drawOf = (node: TextNode): TextDraw => ({ value: () => undefined, node });
const record = (members: Record<string, TextNode>): RecordNode => ({
  kind: 'record',
  keys: Object.keys(members),
  optional: Object.keys(members).map(() => false),
  members: Object.values(members).map(drawOf),
});

/** What writing each member in turn gives: a pick's text by `r.int`, a fixed text as it is. */
function byHand(node: RecordNode, r: Rng): string {
  const parts = node.keys.map((key, k) => {
    const member = node.members[k]!.node;
    const text =
      member.kind === 'pick' ? member.texts[r.int(0, member.texts.length - 1)] : (member as { text: string }).text;
    return `${JSON.stringify(key)}:${text}`;
  });
  return `{${parts.join(',')}}`;
}

describe(`compiled writers and their tables (seed ${SEED}; set PROPERTY_SEED to replay)`, () => {
  const cases: Record<string, RecordNode> = {
    // 1,500 texts of 300 characters: more than a table holds, next to two small picks that fit one.
    'a pick of long texts beside small ones': record({
      long: pick(texts(1500, 300, 'l')),
      small: pick(texts(3, 4, 's')),
      other: pick(texts(3, 4, 'o')),
    }),
    // The long fixed text joins the run after the pick and pushes it past the table's characters.
    'a long fixed text after a pick': record({
      picked: pick(texts(1000, 100, 'p')),
      note: fixed('n'.repeat(300)),
    }),
    'small picks only (one table)': record({ a: pick(texts(4, 3, 'a')), b: pick(texts(5, 3, 'b')) }),
  };
  for (const [name, node] of Object.entries(cases))
    it(`${name}: the text written by hand, from the same draws`, () => {
      const write = compileMembers({ ...node, keys: ['whole'], optional: [false], members: [drawOf(node)] }, [false]);
      const [compiled, hand] = [new Rng(SEED), new Rng(SEED)];
      for (let i = 0; i < 300; i++) {
        const written: (string | undefined)[] = [];
        write(compiled, {}, written);
        expect(written[0]).toBe(byHand(node, hand));
      }
      expect(compiled.next()).toBe(hand.next());
    });
});
