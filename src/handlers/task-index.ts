/**
 * Ordered indexes over an API's tasks, beside the @msw/data collections that validate and hold
 * them: by session, by session and state, across sessions and by state across sessions, each in
 * creation order. A page query binary-searches its cursor and reads only as far as the page
 * needs, so its cost does not grow with the list (a full scan per request did). Each entry also
 * keeps its object's JSON text once serialised, so pages are built by joining texts. Each index is a
 * `TaskList`, whose middle may be a grown session's tasks, a growth (growth.ts): no entry each until
 * read, no object until built.
 */

import { fieldValue } from '../contract/operations.js';
import type { JsonObject } from '../contract/rules/types.js';
import { GrownTask, Growth, type GrowthEntries } from './growth.js';

export interface IndexedTask {
  seq: number;
  session: string;
  item: JsonObject;
  /** The item's JSON text, cached until the item changes. */
  json?: string;
}

export interface PageQuery {
  session?: string;
  /** Any of these states (an empty list matches none; absent matches all). */
  states?: readonly string[];
  where?: (item: JsonObject) => boolean;
  /** Only tasks created before this one (a cursor), newest first. */
  beforeSeq?: number;
  /** Only tasks created after this one, the ones nearest it (`ending_before`), still returned newest first. */
  afterSeq?: number;
  /** Past the first this many tasks that match, newest first (an offset). */
  skip?: number;
  limit: number;
}

export interface Page {
  entries: IndexedTask[];
  /** Another matching task follows the page. */
  more: boolean;
}

export const jsonOf = (entry: IndexedTask): string => (entry.json ??= JSON.stringify(entry.item));

interface Entry {
  readonly seq: number;
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

/**
 * One list of a task index, in ascending creation number, whose middle may be a block of a
 * growth (a grown session's tasks) not yet made into entries: every `step`-th task of the growth
 * from task `offset` (one state's tasks, as a growth's states cycle). A page reads only the
 * entries it lists, each made when first read, so growing a million-task session costs no entry
 * per task; a change inside the block (an insert before its end, a removal) first makes its
 * entries, once.
 */
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

type List = TaskList<IndexedTask>;

export class TaskIndex {
  private readonly bySession = new Map<string, List>();
  /** By session, then by state. */
  private readonly bySessionState = new Map<string, Map<string, List>>();
  private readonly all: List = new TaskList();
  private readonly byState = new Map<string, List>();
  private readonly byId = new Map<string, IndexedTask>();
  /**
   * Grown sessions' tasks, whose ids end in consecutive numbers (`task-demo048`…), found by that
   * number instead of an entry each in `byId`: a Map of a million ids took most of the time to
   * grow a session, and 40 bytes a task.
   */
  private readonly growths: Growth[] = [];

  constructor(
    /** The API whose tasks these are (for messages). */
    private readonly api: string,
    private readonly idField: string,
    private readonly stateField: string,
  ) {}

  private listOf<K>(map: Map<K, List>, key: K): List {
    let entries = map.get(key);
    if (!entries) map.set(key, (entries = new TaskList()));
    return entries;
  }

  private stateOf(entry: IndexedTask): string {
    return entry instanceof GrownTask ? entry.state : String(fieldValue(entry.item, this.stateField));
  }

  private sessionState(session: string, state: string): List {
    let states = this.bySessionState.get(session);
    if (!states) this.bySessionState.set(session, (states = new Map()));
    return this.listOf(states, state);
  }

  private idOf(entry: IndexedTask): string {
    return String(fieldValue(entry.item, this.idField));
  }

  /** Adds a task; throws (and adds nothing) when its id is taken. */
  add(entry: IndexedTask): void {
    const id = this.idOf(entry);
    if (this.inGrowth(id)) throw this.taken(id);
    // One lookup of the id, not two: a set that adds nothing found the id taken, and the task
    // holding it is put back (a scan, on that error only).
    const size = this.byId.size;
    this.byId.set(id, entry);
    if (this.byId.size === size) {
      this.byId.set(
        id,
        this.all.outsideBlock().find((other) => !(other instanceof GrownTask) && this.idOf(other) === id)!,
      );
      throw this.taken(id);
    }
    this.list(entry);
  }

  /**
   * Adds `count` tasks of a session (growing it), built on first read, in creation order from
   * creation number `firstSeq`, each newer than every task before: `make(k)` builds the k-th,
   * whose state is `states[k % states.length]` and whose id ends in the first one's number plus
   * k (so it needs no `byId` entry). Throws, adding nothing, when an id is taken, the first has
   * no number or `states` names a state twice.
   */
  addGrowth(
    session: string,
    count: number,
    firstSeq: number,
    make: (k: number) => JsonObject,
    states: readonly string[],
  ): void {
    if (count <= 0) return;
    const { api, idField, stateField } = this;
    const growth = new Growth(session, firstSeq, count, make, states, { api, idField, stateField });
    const taken = growth.takenId(this.byId.keys(), this.growths);
    if (taken !== undefined) throw this.taken(taken);
    this.growths.push(growth);
    // A block of each list, not an entry per task: a state's tasks are every states.length-th.
    this.listOf(this.bySession, session).addGrowth(growth, 0, 1);
    this.all.addGrowth(growth, 0, 1);
    states.forEach((state, offset) => {
      this.sessionState(session, state).addGrowth(growth, offset, states.length);
      this.listOf(this.byState, state).addGrowth(growth, offset, states.length);
    });
  }

  private inGrowth(id: string): IndexedTask | undefined {
    for (const growth of this.growths) {
      const task = growth.withId(id);
      if (task) return task;
    }
    return undefined;
  }

  private taken(id: string): Error {
    return new Error(`${this.api} task ${id} already exists; task ids are unique`);
  }

  private list(entry: IndexedTask, state = this.stateOf(entry)): void {
    this.listOf(this.bySession, entry.session).insert(entry);
    this.sessionState(entry.session, state).insert(entry);
    this.all.insert(entry);
    this.listOf(this.byState, state).insert(entry);
  }

  get(id: string): IndexedTask | undefined {
    return this.byId.get(id) ?? this.inGrowth(id);
  }

  /** Replaces an entry's object, moving it between state indexes when its state changed. */
  update(id: string, item: JsonObject): IndexedTask | undefined {
    const entry = this.get(id);
    if (!entry) return undefined;
    const before = this.stateOf(entry);
    const after = String(fieldValue(item, this.stateField));
    if (before !== after) {
      this.bySessionState.get(entry.session)?.get(before)?.remove(entry);
      this.byState.get(before)?.remove(entry);
    }
    entry.item = item;
    entry.json = undefined;
    if (before !== after) {
      this.sessionState(entry.session, after).insert(entry);
      this.listOf(this.byState, after).insert(entry);
    }
    return entry;
  }

  /** Forgets every task of a session: one pass over each list, however many tasks go. */
  removeSession(session: string): void {
    const entries = this.bySession.get(session);
    if (!entries) return;
    for (const entry of entries.outsideBlock()) if (!(entry instanceof GrownTask)) this.byId.delete(this.idOf(entry));
    for (let r = this.growths.length - 1; r >= 0; r--) {
      const growth = this.growths[r]!;
      if (growth.session !== session) continue;
      this.growths.splice(r, 1);
      this.all.dropGrowth(growth);
      for (const list of this.byState.values()) list.dropGrowth(growth);
    }
    const stays = (entry: IndexedTask) => entry.session !== session;
    this.all.keep(stays);
    for (const list of this.byState.values()) list.keep(stays);
    this.bySession.delete(session);
    this.bySessionState.delete(session);
  }

  /** Every task of a session (or of all sessions), newest first. */
  newestFirst(session?: string): IndexedTask[] {
    return (session === undefined ? this.all : this.bySession.get(session))?.toArray().reverse() ?? [];
  }

  count(session?: string): number {
    return session === undefined ? this.all.length : (this.bySession.get(session)?.length ?? 0);
  }

  page(query: PageQuery): Page {
    const single = query.states?.length === 1 ? query.states[0]! : undefined;
    const source =
      single !== undefined
        ? query.session === undefined
          ? this.byState.get(single)
          : this.bySessionState.get(query.session)?.get(single)
        : query.session === undefined
          ? this.all
          : this.bySession.get(query.session);
    if (!source || query.states?.length === 0) return { entries: [], more: false };
    const states = single === undefined ? query.states : undefined;
    const matches = (entry: IndexedTask) =>
      (states === undefined || states.includes(this.stateOf(entry))) &&
      (query.where === undefined || query.where(entry.item));
    const entries: IndexedTask[] = [];
    if (query.afterSeq !== undefined) {
      // The tasks just newer than the pivot, nearest first, then returned newest first like every page.
      for (let i = source.lowerBound(query.afterSeq + 1); i < source.length; i++) {
        const entry = source.at(i)!;
        if (!matches(entry)) continue;
        if (entries.length === query.limit) return { entries: entries.reverse(), more: true };
        entries.push(entry);
      }
      return { entries: entries.reverse(), more: false };
    }
    const start = query.beforeSeq === undefined ? source.length - 1 : source.lowerBound(query.beforeSeq) - 1;
    let skip = query.skip ?? 0;
    // Every task of the list matches: the first ones are skipped by index, not one by one.
    const whole = states === undefined && query.where === undefined;
    for (let i = whole ? start - skip : start; i >= 0; i--) {
      const entry = source.at(i)!;
      if (!matches(entry)) continue;
      if (!whole && skip > 0) {
        skip--;
        continue;
      }
      if (entries.length === query.limit) return { entries, more: true };
      entries.push(entry);
    }
    return { entries, more: false };
  }

  clear(): void {
    this.bySession.clear();
    this.bySessionState.clear();
    this.all.clear();
    this.byState.clear();
    this.byId.clear();
    this.growths.length = 0;
  }
}
