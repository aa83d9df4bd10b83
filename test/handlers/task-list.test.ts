/** A task list with a growth's block (a grown session's tasks) answers like a plain sorted array, whatever is done to it. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GrowthEntries } from '../../src/handlers/growth.js';
import { TaskList } from '../../src/handlers/task-index.js';

interface Entry {
  seq: number;
  tag: string;
}

/** A growth whose entries are made once each (identity matters: removal compares entries). */
function growth(firstSeq: number, count: number): GrowthEntries<Entry> & { made: number } {
  const entries: Entry[] = [];
  return {
    firstSeq,
    count,
    made: 0,
    entry(k) {
      if (entries[k] === undefined) {
        this.made++;
        entries[k] = { seq: firstSeq + k, tag: `growth${firstSeq}` };
      }
      return entries[k]!;
    },
  };
}

type Op =
  | { kind: 'growth'; gap: number; count: number; offset: number; step: number }
  | { kind: 'insert'; seq: number }
  | { kind: 'remove'; pick: number }
  | { kind: 'keepOdd' }
  | { kind: 'dropGrowth' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('growth' as const),
    gap: fc.integer({ min: -3, max: 5 }),
    count: fc.integer({ min: 0, max: 40 }),
    offset: fc.integer({ min: 0, max: 6 }),
    step: fc.integer({ min: 1, max: 5 }),
  }),
  fc.record({ kind: fc.constant('insert' as const), seq: fc.integer({ min: 0, max: 200 }) }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  fc.constant({ kind: 'keepOdd' as const }),
  fc.constant({ kind: 'dropGrowth' as const }),
);

describe('TaskList', () => {
  it('reads, inserts, removes and keeps like a sorted array (growths as blocks or unfolded)', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 25 }), (ops) => {
        const list = new TaskList<Entry>();
        let model: Entry[] = [];
        const growths: GrowthEntries<Entry>[] = [];
        let top = 0;
        const used = new Set<number>();
        for (const o of ops) {
          if (o.kind === 'growth') {
            const firstSeq = Math.max(1, top + o.gap);
            if ([...Array(o.count).keys()].some((k) => used.has(firstSeq + k))) continue;
            const r = growth(firstSeq, o.count);
            growths.push(r);
            list.addGrowth(r, o.offset, o.step);
            for (let k = o.offset; k < o.count; k += o.step) {
              model.push(r.entry(k));
              used.add(firstSeq + k);
            }
            top = Math.max(top, firstSeq + o.count);
          } else if (o.kind === 'insert') {
            if (used.has(o.seq)) continue;
            const entry = { seq: o.seq, tag: 'plain' };
            used.add(o.seq);
            list.insert(entry);
            model.push(entry);
            top = Math.max(top, o.seq + 1);
          } else if (o.kind === 'remove') {
            if (model.length === 0) continue;
            const sorted = [...model].sort((a, b) => a.seq - b.seq);
            const entry = sorted[o.pick % sorted.length]!;
            list.remove(entry);
            model = model.filter((e) => e !== entry);
          } else if (o.kind === 'keepOdd') {
            list.keep((e) => e.seq % 2 === 1);
            model = model.filter((e) => e.seq % 2 === 1);
          } else {
            const r = growths.pop();
            if (r === undefined) continue;
            // dropGrowth forgets a growth's block only; its entries already unfolded go as a session's do.
            list.dropGrowth(r);
            list.keep((e) => e.tag !== `growth${r.firstSeq}`);
            model = model.filter((e) => e.tag !== `growth${r.firstSeq}`);
          }
          model.sort((a, b) => a.seq - b.seq);
          expect(list.length).toBe(model.length);
          // Every creation number from below the first to past the last, each position swept once.
          for (let seq = -1, at = 0; seq <= top + 1; seq++) {
            while (at < model.length && model[at]!.seq < seq) at++;
            if (list.lowerBound(seq) !== at) expect(list.lowerBound(seq), `lowerBound(${seq})`).toBe(at);
          }
          for (let i = 0; i < model.length; i++) expect(list.at(i)).toBe(model[i]);
          expect(list.at(model.length)).toBeUndefined();
        }
        expect(list.toArray()).toEqual(model);
      }),
      { numRuns: 300 },
    );
  });

  it('makes no entry of a growth to list it, nor to read one position of it', () => {
    const list = new TaskList<Entry>();
    list.insert({ seq: 1, tag: 'plain' });
    const r = growth(2, 1_000_000);
    list.addGrowth(r, 3, 9);
    expect(list.length).toBe(1 + Math.ceil((1_000_000 - 3) / 9));
    expect(r.made).toBe(0);
    const deep = list.lowerBound(2 + 600_000);
    expect(list.at(deep)!.seq).toBeGreaterThanOrEqual(2 + 600_000);
    expect(list.at(deep - 1)!.seq).toBeLessThan(2 + 600_000);
    expect(r.made).toBe(2);
    // A task newer than the growth goes after its block, still without unfolding it.
    list.insert({ seq: 5_000_000, tag: 'plain' });
    expect(list.at(list.length - 1)!.seq).toBe(5_000_000);
    expect(r.made).toBe(2);
  });
});
