/**
 * Which shard runs each case (`conform --shard i/n`). Every shard makes the same plan from the same
 * cases (they start from the same baseline, and the plan reads nothing else: not even the shard's own
 * `--concurrency`), so every case is in exactly one shard. The costliest case goes first, to the
 * shard that would end it soonest: its cost (the requests it sends one after another, as far as the
 * run can tell beforehand) on top of what that shard has to run already, in this batch and the
 * batches before it. So the long walks are spread over the shards and each shard takes its share of
 * the rest: a run in n shards takes about 1/n of the time of a run without, beside the baseline
 * every shard walks and the longest chain of requests one case makes (a long walk is asked in parts
 * that run at once where its paging allows: walk-parts.ts, their group kept in one shard).
 */
import type { Shard } from './types.js';

/**
 * A wait counted as requests: what that many ms take at a remote API's latency. The plan only
 * balances the shards, so an estimate does; every shard uses the same one.
 */
export const waitCost = (ms: number): number => Math.ceil(ms / 150);

export class ShardPlan {
  /** How long each shard has to run so far, in requests one after another. */
  private readonly load: number[];

  constructor(
    readonly shard: Shard,
    /** Cases a shard is planned to run at once: the same in every shard, whatever its own `--concurrency`. */
    private readonly atOnce: number,
  ) {
    this.load = Array.from({ length: shard.count }, () => 0);
  }

  /**
   * Sets a shard aside for a case that runs alone at the end (the reads back to back), counting its
   * cost from the start, so that the batches before it are planned around it. Returns that shard (0-based).
   */
  reserve(cost: number): number {
    let least = this.shard.count - 1;
    for (let s = least - 1; s >= 0; s--) if (this.load[s]! < this.load[least]!) least = s;
    this.load[least]! += cost;
    return least;
  }

  /**
   * Whether each case of a batch that every shard plans (their costs, in case order) is this shard's.
   * Cases of one group (`groups`, the same object) go to one shard together: the group's longest case
   * is what it adds to the shard's longest, all their costs to what the shard runs at once.
   */
  own(costs: readonly number[], groups: readonly (object | undefined)[] = []): boolean[] {
    const count = this.shard.count;
    const units = new Map<object | number, { cases: number[]; longest: number; total: number }>();
    costs.forEach((cost, i) => {
      const key = groups[i] ?? i;
      const unit = units.get(key) ?? { cases: [], longest: 0, total: 0 };
      unit.cases.push(i);
      unit.longest = Math.max(unit.longest, cost);
      unit.total += cost;
      units.set(key, unit);
    });
    // Each shard's part of the batch: its longest case, and all of them run `atOnce` at a time.
    const longest = Array.from({ length: count }, () => 0);
    const total = Array.from({ length: count }, () => 0);
    const endWith = (s: number, unit: { longest: number; total: number }) =>
      this.load[s]! + Math.max(longest[s]!, unit.longest, (total[s]! + unit.total) / this.atOnce);
    const owner: number[] = [];
    const order = [...units.values()].sort((a, b) => b.longest - a.longest || a.cases[0]! - b.cases[0]!);
    for (const unit of order) {
      let soonest = 0;
      for (let s = 1; s < count; s++) if (endWith(s, unit) < endWith(soonest, unit)) soonest = s;
      for (const i of unit.cases) owner[i] = soonest;
      longest[soonest] = Math.max(longest[soonest]!, unit.longest);
      total[soonest]! += unit.total;
    }
    for (let s = 0; s < count; s++) this.load[s]! += Math.max(longest[s]!, total[s]! / this.atOnce);
    return owner.map((s) => s === this.shard.index - 1);
  }
}
