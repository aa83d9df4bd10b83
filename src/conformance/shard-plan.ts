/**
 * Which shard runs each case (`conform --shard i/n`). Every shard makes the same plan from the same
 * cases (they start from the same baseline, and the plan reads nothing else: not even the shard's own
 * `--concurrency`), so every case is in exactly one shard. Each case, costliest first (the order a
 * shard starts them in: cases.ts' startOrder), goes to the shard that would end it soonest: its cost
 * (the requests it sends one after another, as far as the run can tell beforehand) from when a place
 * comes free there, after what that shard has to run already, in this batch and the batches before
 * it. A poll is due an interval after its list's last walk in that shard, so a list's next poll goes
 * where it waits least. So the long walks are spread over the shards, none started late where it
 * would end last, and each shard takes its share of the rest: a run in n shards takes about 1/n of
 * the time of a run without, beside the baseline every shard walks, a poll's interval and the
 * longest chain of requests one case makes (a long walk is asked in parts that run at once where its
 * paging allows: walk-parts.ts, their group kept in one shard).
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
  /** Where and when (in the plan's requests) each polled list was last walked: its next poll is due from then. */
  private readonly polled = new Map<string, { shard: number; end: number }>();

  constructor(
    readonly shard: Shard,
    /** Cases a shard is planned to run at once: the same in every shard, whatever its own `--concurrency`. */
    private readonly atOnce: number,
  ) {
    this.load = Array.from({ length: shard.count }, () => 0);
  }

  /**
   * Sets a shard aside for a case that runs alone once the batches have run (a list's reads back to
   * back): the one whose plan ends soonest, its polls' waits counted. Returns that shard (0-based).
   */
  reserve(cost: number): number {
    let least = this.shard.count - 1;
    for (let s = least - 1; s >= 0; s--) if (this.load[s]! < this.load[least]!) least = s;
    this.load[least]! += cost;
    return least;
  }

  /**
   * Whether each case of a batch that every shard plans (their costs, in case order) is this shard's.
   * A shard starts its cases costliest first, each in the first of its `atOnce` places to come free: in
   * that order each case goes to the shard where it would end soonest, on top of what the shard had
   * to run before. Cases of one group (`groups`, the same object: a walk's parts and the case that
   * joins them) go to one shard together, where the first of them stands. A poll (`polls`: the list it
   * walks) is due `dues` after that list's last walk in the shard.
   */
  own(
    costs: readonly number[],
    groups: readonly (object | undefined)[] = [],
    dues: readonly number[] = [],
    polls: readonly (string | undefined)[] = [],
  ): boolean[] {
    const count = this.shard.count;
    const units = new Map<object | number, { cases: number[]; costs: number[]; dues: number[] }>();
    costs.forEach((cost, i) => {
      const key = groups[i] ?? i;
      const unit = units.get(key) ?? { cases: [], costs: [], dues: [] };
      unit.cases.push(i);
      unit.costs.push(cost);
      unit.dues.push(dues[i] ?? 0);
      units.set(key, unit);
    });
    for (const unit of units.values()) {
      const byCost = unit.cases.map((_, k) => k).sort((a, b) => unit.costs[b]! - unit.costs[a]! || a - b);
      const sorted = (xs: number[]) => byCost.map((k) => xs[k]!);
      [unit.cases, unit.costs, unit.dues] = [sorted(unit.cases), sorted(unit.costs), sorted(unit.dues)];
    }
    // A poll is due an interval after its list's last walk in the shard: after the poll before it where
    // that shard took it, else after the baseline (the plan's 0), long past once a batch has run.
    const dueIn = (unit: { cases: number[]; dues: number[] }, s: number) =>
      unit.cases.map((i, k) => {
        const last = polls[i] === undefined ? undefined : this.polled.get(polls[i]);
        return Math.max(0, (last?.shard === s ? last.end : 0) + unit.dues[k]! - this.load[s]!);
      });
    // When each place of each shard comes free: the batch starts once the shard's batches before it end.
    const places = this.load.map((load) => Array.from({ length: this.atOnce }, () => load));
    const owner: number[] = [];
    // A case that is due later starts once it is due where a place is free, the cases after it having
    // gone first meanwhile (cases.ts): it is planned after them. The others start costliest first (startOrder).
    const due = (unit: { dues: number[] }) => Math.max(...unit.dues);
    const longest = (unit: { costs: number[] }) => Math.max(...unit.costs);
    const order = [...units.values()].sort((a, b) => due(a) - due(b) || longest(b) - longest(a));
    for (const unit of order) {
      const tried = places.map((free, s) => startInOrder(free, unit.costs, dueIn(unit, s), this.load[s]!));
      // Where two would end it as soon, the shard with the less to run so far, so that they share the batch.
      const busy = places.map((free) => free.reduce((a, b) => a + b, 0));
      let soonest = 0;
      for (let s = 1; s < count; s++) {
        const [end, first] = [tried[s]!.end, tried[soonest]!.end];
        if (end < first || (end === first && busy[s]! < busy[soonest]!)) soonest = s;
      }
      places[soonest] = tried[soonest]!.free;
      for (const i of unit.cases) {
        owner[i] = soonest;
        const list = polls[i];
        if (list !== undefined) this.polled.set(list, { shard: soonest, end: tried[soonest]!.end });
      }
    }
    for (let s = 0; s < count; s++) this.load[s] = Math.max(...places[s]!);
    return owner.map((s) => s === this.shard.index - 1);
  }
}

/**
 * Cases started one after another, each in the place that comes free first, not before it is due
 * (`dues`, from the batch's `start`): when each place is free again after them, and when the last of them ends.
 */
function startInOrder(
  places: readonly number[],
  costs: readonly number[],
  dues: readonly number[],
  start: number,
): { free: number[]; end: number } {
  const free = [...places];
  let end = 0;
  for (const [i, cost] of costs.entries()) {
    let first = 0;
    for (let p = 1; p < free.length; p++) if (free[p]! < free[first]!) first = p;
    free[first] = Math.max(free[first]!, start + dues[i]!) + cost;
    end = Math.max(end, free[first]!);
  }
  return { free, end };
}
