/**
 * Ordered indexes over an API's tasks, beside the @msw/data collections that validate and hold
 * them: by session, by session and state, across sessions and by state across sessions, each in
 * creation order. A page query binary-searches its cursor and reads only as far as the page
 * needs, so its cost does not grow with the list (a full scan per request did). Each entry also
 * keeps its object's JSON text once serialised, so pages are built by joining texts. A grown
 * session's tasks are a growth: no entry each until read (task-list.ts), no object until built.
 */
import type { JsonObject } from '../contract/rules/types.js';
import { type GrowthEntries, TaskList } from './task-list.js';

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
  limit: number;
}

export interface Page {
  entries: IndexedTask[];
  /** Another matching task follows the page. */
  more: boolean;
}

/** The number an id ends in (`task-demo048` → 48), if it ends in up to 15 digits. */
function trailingNumber(id: string): number | undefined {
  let number = 0;
  let scale = 1;
  let at = id.length - 1;
  for (; at >= 0 && id.length - at <= 15; at--) {
    const digit = id.charCodeAt(at) - 48;
    if (digit < 0 || digit > 9) break;
    number += digit * scale;
    scale *= 10;
  }
  return at === id.length - 1 ? undefined : number;
}

export const jsonOf = (entry: IndexedTask): string => (entry.json ??= JSON.stringify(entry.item));

/** Tasks of a grown session: the k-th is built on its first read, its id numbered `first + k`. */
class Growth implements GrowthEntries<IndexedTask> {
  /** Each task's entry, made when the index first hands it out. */
  private readonly entries: (GrownTask | undefined)[];

  constructor(
    readonly session: string,
    /** The number the first task's id ends in. */
    readonly first: number,
    readonly firstSeq: number,
    readonly count: number,
    /** Builds task k (checked against what the index was told: its number and state). */
    readonly build: (k: number) => JsonObject,
    /** Task k's state is `states[k % states.length]`. */
    readonly states: readonly string[],
    readonly stateField: string,
  ) {
    this.entries = new Array(count);
  }

  entry(k: number): GrownTask {
    return (this.entries[k] ??= new GrownTask(this.firstSeq + k, this));
  }

  stateAt(k: number): string {
    return this.states[k % this.states.length]!;
  }
}

/**
 * A task of a grown session, built when something first reads it: growing a million-task
 * session builds none of them, most of which no request reads. Once built, the object stays
 * (pages read it again).
 */
class GrownTask implements IndexedTask {
  json?: string;
  private built?: JsonObject;

  constructor(
    readonly seq: number,
    private readonly growth: Growth,
  ) {}

  get session(): string {
    return this.growth.session;
  }

  get item(): JsonObject {
    return (this.built ??= this.growth.build(this.seq - this.growth.firstSeq));
  }

  set item(item: JsonObject) {
    this.built = item;
  }

  /** Its state, known without building it until it changes. */
  get state(): string {
    return this.built === undefined
      ? this.growth.stateAt(this.seq - this.growth.firstSeq)
      : String(this.built[this.growth.stateField]);
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
    return entry instanceof GrownTask ? entry.state : String(entry.item[this.stateField]);
  }

  private sessionState(session: string, state: string): List {
    let states = this.bySessionState.get(session);
    if (!states) this.bySessionState.set(session, (states = new Map()));
    return this.listOf(states, state);
  }

  private idOf(entry: IndexedTask): string {
    return String(entry.item[this.idField]);
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
    if (states.length === 0 || new Set(states).size !== states.length)
      throw new Error(`a grown session's states cycle through distinct states; got [${states.join(', ')}]`);
    const head = make(0);
    const first = trailingNumber(String(head[this.idField]));
    if (first === undefined)
      throw new Error(
        `${this.api} task ${String(head[this.idField])} starts a grown session, so its id must end in a number ` +
          '(task k of the session ends in that number plus k)',
      );
    const growth: Growth = new Growth(
      session,
      first,
      firstSeq,
      count,
      (k) => this.grown(growth, k, k === 0 ? head : make(k)),
      states,
      this.stateField,
    );
    this.refuseTaken(growth);
    this.growths.push(growth);
    // A block of each list, not an entry per task: a state's tasks are every states.length-th.
    this.listOf(this.bySession, session).addGrowth(growth, 0, 1);
    this.all.addGrowth(growth, 0, 1);
    states.forEach((state, offset) => {
      this.sessionState(session, state).addGrowth(growth, offset, states.length);
      this.listOf(this.byState, state).addGrowth(growth, offset, states.length);
    });
  }

  /** Task k of a growth as built, once it is shown to have the number and state the index gave it. */
  private grown(growth: Growth, k: number, item: JsonObject): JsonObject {
    const id = String(item[this.idField]);
    const state = String(item[this.stateField]);
    if (trailingNumber(id) !== growth.first + k || state !== growth.stateAt(k))
      throw new Error(
        `${this.api} task ${k} of grown session ${growth.session} was built as ${id} (${state}) but indexed as ` +
          `number ${growth.first + k} (${growth.stateAt(k)}): a growth must build the ids and states it declares`,
      );
    return item;
  }

  /** Throws when a growth's id is taken (an id ending in a number the growth has; builds only those tasks). */
  private refuseTaken(growth: Growth): void {
    const end = growth.first + growth.count;
    const at = (r: Growth, n: number) => this.idOf(r.entry(n - r.first));
    for (const id of this.byId.keys()) {
      const n = trailingNumber(id);
      if (n !== undefined && n >= growth.first && n < end && at(growth, n) === id) throw this.taken(id);
    }
    for (const other of this.growths)
      for (let n = Math.max(growth.first, other.first); n < Math.min(end, other.first + other.count); n++)
        if (at(growth, n) === at(other, n)) throw this.taken(at(growth, n));
  }

  private inGrowth(id: string): IndexedTask | undefined {
    if (this.growths.length === 0) return undefined;
    const number = trailingNumber(id);
    if (number === undefined) return undefined;
    for (const growth of this.growths) {
      const k = number - growth.first;
      if (k >= 0 && k < growth.count && this.idOf(growth.entry(k)) === id) return growth.entry(k);
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
    const after = String(item[this.stateField]);
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
    for (let i = start; i >= 0; i--) {
      const entry = source.at(i)!;
      if (!matches(entry)) continue;
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
