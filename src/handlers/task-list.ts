/**
 * One list of a task index, in ascending creation number, whose middle may be a block of a
 * growth (a grown session's tasks) not yet made into entries: every `step`-th task of the growth
 * from task `offset` (one state's tasks, as a growth's states cycle). A page reads only the
 * entries it lists, each made when first read, so growing a million-task session costs no entry
 * per task; a change inside the block (an insert before its end, a removal) first makes its
 * entries, once.
 */

interface Entry {
  readonly seq: number;
}

/** What a list reads of a growth: its creation numbers and its k-th task's entry (made once). */
export interface GrowthEntries<T extends Entry> {
  readonly firstSeq: number;
  readonly count: number;
  entry(k: number): T;
}

interface Block<T extends Entry> {
  growth: GrowthEntries<T>;
  offset: number;
  step: number;
  size: number;
}

/** First position whose seq is ≥ seq (entries are in ascending seq). */
function lowerBound(entries: readonly Entry[], seq: number): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (entries[mid]!.seq < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function insertSorted<T extends Entry>(entries: T[], entry: T): void {
  if (entries.length === 0 || entries[entries.length - 1]!.seq < entry.seq) entries.push(entry);
  else entries.splice(lowerBound(entries, entry.seq), 0, entry);
}

export class TaskList<T extends Entry> {
  /** The entries before the block (all of them without one). */
  private before: T[] = [];
  private block: Block<T> | undefined;
  /** The entries newer than the block. */
  private after: T[] = [];

  get length(): number {
    return this.before.length + (this.block?.size ?? 0) + this.after.length;
  }

  at(i: number): T | undefined {
    if (i < this.before.length) return this.before[i];
    const block = this.block;
    if (block === undefined) return undefined;
    const j = i - this.before.length;
    return j < block.size ? block.growth.entry(block.offset + j * block.step) : this.after[j - block.size];
  }

  /** First position whose seq is ≥ seq. */
  lowerBound(seq: number): number {
    const block = this.block;
    const last = this.before[this.before.length - 1];
    if (block === undefined || (last !== undefined && seq <= last.seq)) return lowerBound(this.before, seq);
    const into = Math.ceil((seq - block.growth.firstSeq - block.offset) / block.step);
    if (into < block.size) return this.before.length + Math.max(0, into);
    return this.before.length + block.size + lowerBound(this.after, seq);
  }

  insert(entry: T): void {
    const block = this.block;
    if (block === undefined) insertSorted(this.before, entry);
    else if (entry.seq > this.blockLastSeq(block)) insertSorted(this.after, entry);
    else {
      this.unfold();
      insertSorted(this.before, entry);
    }
  }

  remove(entry: T): void {
    this.unfold();
    const at = lowerBound(this.before, entry.seq);
    if (this.before[at] === entry) this.before.splice(at, 1);
  }

  /** Keeps the entries that pass, in order. */
  keep(stays: (entry: T) => boolean): void {
    this.unfold();
    let kept = 0;
    for (const entry of this.before) if (stays(entry)) this.before[kept++] = entry;
    this.before.length = kept;
  }

  /**
   * Lists every `step`-th task of a growth from task `offset`; a block when the growth is newer than
   * every entry (growing a session), else each entry made and inserted.
   */
  addGrowth(growth: GrowthEntries<T>, offset: number, step: number): void {
    const size = offset < growth.count ? Math.ceil((growth.count - offset) / step) : 0;
    if (size === 0) return;
    const last = this.before[this.before.length - 1];
    if (this.block === undefined && (last === undefined || last.seq < growth.firstSeq))
      this.block = { growth, offset, step, size };
    else for (let j = 0; j < size; j++) this.insert(growth.entry(offset + j * step));
  }

  /** Forgets a growth's block (its session is gone). */
  dropGrowth(growth: GrowthEntries<T>): void {
    if (this.block?.growth !== growth) return;
    this.block = undefined;
    this.before = this.before.concat(this.after);
    this.after = [];
  }

  /** Every entry, oldest first. */
  toArray(): T[] {
    this.unfold();
    return [...this.before];
  }

  /** The entries outside the block (none of them is of a growth not yet unfolded). */
  outsideBlock(): T[] {
    return this.block === undefined ? this.before : [...this.before, ...this.after];
  }

  clear(): void {
    this.before = [];
    this.block = undefined;
    this.after = [];
  }

  private blockLastSeq(block: Block<T>): number {
    return block.growth.firstSeq + block.offset + (block.size - 1) * block.step;
  }

  /** Makes the block's entries, in place (a change inside it). */
  private unfold(): void {
    const block = this.block;
    if (block === undefined) return;
    this.block = undefined;
    for (let j = 0; j < block.size; j++) this.before.push(block.growth.entry(block.offset + j * block.step));
    for (const entry of this.after) this.before.push(entry);
    this.after = [];
  }
}
