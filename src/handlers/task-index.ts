/**
 * Ordered indexes over a face's tasks, beside the @msw/data collections that validate and hold
 * them: by session, by session and state, across sessions and by state across sessions, each in
 * creation order. A page query binary-searches its cursor and reads only as far as the page
 * needs, so its cost does not grow with the list (a full scan per request did). Each entry also
 * keeps its object's JSON text once serialised, so pages are built by joining texts.
 */
import type { JsonObject } from '../contract/rules/types.js';

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

/** First position whose seq is ≥ seq (entries are in ascending seq). */
function lowerBound(entries: readonly IndexedTask[], seq: number): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (entries[mid]!.seq < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function insert(entries: IndexedTask[], entry: IndexedTask): void {
  if (entries.length === 0 || entries[entries.length - 1]!.seq < entry.seq) entries.push(entry);
  else entries.splice(lowerBound(entries, entry.seq), 0, entry);
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

/** Keeps the entries that pass, in order, in place. */
function keep(entries: IndexedTask[], stays: (entry: IndexedTask) => boolean): void {
  let kept = 0;
  for (const entry of entries) if (stays(entry)) entries[kept++] = entry;
  entries.length = kept;
}

function remove(entries: IndexedTask[] | undefined, entry: IndexedTask): void {
  if (!entries) return;
  const at = lowerBound(entries, entry.seq);
  if (entries[at] === entry) entries.splice(at, 1);
}

export const jsonOf = (entry: IndexedTask): string => (entry.json ??= JSON.stringify(entry.item));

export class TaskIndex {
  private readonly bySession = new Map<string, IndexedTask[]>();
  /** By session, then by state. */
  private readonly bySessionState = new Map<string, Map<string, IndexedTask[]>>();
  private readonly all: IndexedTask[] = [];
  private readonly byState = new Map<string, IndexedTask[]>();
  private readonly byId = new Map<string, IndexedTask>();
  /**
   * Runs of tasks whose ids end in consecutive numbers (a grown demo session, `task-demo048`…),
   * found by that number instead of an entry each in `byId`: a Map of a million ids took most of
   * the time to grow a session, and 40 bytes a task.
   */
  private readonly runs: { session: string; first: number; entries: IndexedTask[] }[] = [];

  constructor(
    /** The API whose tasks these are (for messages). */
    private readonly face: string,
    private readonly idField: string,
    private readonly stateField: string,
  ) {}

  private listOf<K>(map: Map<K, IndexedTask[]>, key: K): IndexedTask[] {
    let entries = map.get(key);
    if (!entries) map.set(key, (entries = []));
    return entries;
  }

  private stateOf(entry: IndexedTask): string {
    return String(entry.item[this.stateField]);
  }

  private sessionState(session: string, state: string): IndexedTask[] {
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
    if (this.inRun(id)) throw this.taken(id);
    // One lookup of the id, not two: a set that adds nothing found the id taken, and the task
    // holding it is put back (a scan, on that error only).
    const size = this.byId.size;
    this.byId.set(id, entry);
    if (this.byId.size === size) {
      this.byId.set(id, this.all.find((other) => this.idOf(other) === id)!);
      throw this.taken(id);
    }
    this.list(entry);
  }

  /**
   * Adds `count` tasks of a session, `entryAt(k)` the k-th, in creation order, each newer than
   * every task before (growing a session); a run of ids numbered one after the other costs no `byId` entry.
   */
  addInOrder(count: number, entryAt: (k: number) => IndexedTask): void {
    let run: (typeof this.runs)[number] | undefined;
    for (let k = 0; k < count; k++) {
      const entry = entryAt(k);
      const id = this.idOf(entry);
      const number = trailingNumber(id);
      if (run === undefined && number !== undefined && !this.byId.has(id) && !this.inRun(id))
        this.runs.push((run = { session: entry.session, first: number, entries: [] }));
      if (
        run !== undefined &&
        number === run.first + run.entries.length &&
        !this.byId.has(id) &&
        (this.runs.length === 1 || !this.inRun(id))
      ) {
        run.entries.push(entry);
        this.list(entry);
      } else this.add(entry);
    }
  }

  private inRun(id: string): IndexedTask | undefined {
    if (this.runs.length === 0) return undefined;
    const number = trailingNumber(id);
    if (number === undefined) return undefined;
    for (const run of this.runs) {
      const entry = run.entries[number - run.first];
      if (entry !== undefined && this.idOf(entry) === id) return entry;
    }
    return undefined;
  }

  private taken(id: string): Error {
    return new Error(`${this.face} task ${id} already exists; task ids are unique`);
  }

  private list(entry: IndexedTask): void {
    const state = this.stateOf(entry);
    insert(this.listOf(this.bySession, entry.session), entry);
    insert(this.sessionState(entry.session, state), entry);
    insert(this.all, entry);
    insert(this.listOf(this.byState, state), entry);
  }

  get(id: string): IndexedTask | undefined {
    return this.byId.get(id) ?? this.inRun(id);
  }

  /** Replaces an entry's object, moving it between state indexes when its state changed. */
  update(id: string, item: JsonObject): IndexedTask | undefined {
    const entry = this.get(id);
    if (!entry) return undefined;
    const before = this.stateOf(entry);
    const after = String(item[this.stateField]);
    if (before !== after) {
      remove(this.bySessionState.get(entry.session)?.get(before), entry);
      remove(this.byState.get(before), entry);
    }
    entry.item = item;
    entry.json = undefined;
    if (before !== after) {
      insert(this.sessionState(entry.session, after), entry);
      insert(this.listOf(this.byState, after), entry);
    }
    return entry;
  }

  /** Forgets every task of a session: one pass over each list, however many tasks go. */
  removeSession(session: string): void {
    const entries = this.bySession.get(session);
    if (!entries) return;
    for (const entry of entries) this.byId.delete(this.idOf(entry));
    for (let r = this.runs.length - 1; r >= 0; r--) if (this.runs[r]!.session === session) this.runs.splice(r, 1);
    const stays = (entry: IndexedTask) => entry.session !== session;
    keep(this.all, stays);
    for (const list of this.byState.values()) keep(list, stays);
    this.bySession.delete(session);
    this.bySessionState.delete(session);
  }

  /** Every task of a session (or of all sessions), newest first. */
  newestFirst(session?: string): IndexedTask[] {
    return [...(session === undefined ? this.all : (this.bySession.get(session) ?? []))].reverse();
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
      for (let i = lowerBound(source, query.afterSeq + 1); i < source.length; i++) {
        if (!matches(source[i]!)) continue;
        if (entries.length === query.limit) return { entries: entries.reverse(), more: true };
        entries.push(source[i]!);
      }
      return { entries: entries.reverse(), more: false };
    }
    const start = query.beforeSeq === undefined ? source.length - 1 : lowerBound(source, query.beforeSeq) - 1;
    for (let i = start; i >= 0; i--) {
      if (!matches(source[i]!)) continue;
      if (entries.length === query.limit) return { entries, more: true };
      entries.push(source[i]!);
    }
    return { entries, more: false };
  }

  clear(): void {
    this.bySession.clear();
    this.bySessionState.clear();
    this.all.length = 0;
    this.byState.clear();
    this.byId.clear();
    this.runs.length = 0;
  }
}
