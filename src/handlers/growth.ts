/**
 * A grown session's tasks (`mock --tasks N`): task k is built on its first read, its id ends in the first
 * one's number plus k and its state is the k-th of a cycle through distinct states, so growing a
 * million-task session makes nothing per task, and a task is found by its id's number. The index lists a
 * growth as a block of each list (task-index.ts); this file builds its tasks and checks what they claim.
 */

import { fieldValue } from '../contract/operations.js';
import type { JsonObject } from '../contract/rules/types.js';

/** What a list reads of a growth: its creation numbers and its k-th task's entry (made once). */
export interface GrowthEntries<T extends { readonly seq: number }> {
  readonly firstSeq: number;
  readonly count: number;
  entry(k: number): T;
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

/** Which fields of an API's tasks hold the id and the state, and the API's name (for messages). */
export interface TaskFields {
  api: string;
  idField: string;
  stateField: string;
}

/** Tasks of a grown session: the k-th is built on its first read, its id numbered `first + k`. */
export class Growth implements GrowthEntries<GrownTask> {
  /** Each task's entry, made when the index first hands it out. */
  private readonly entries: (GrownTask | undefined)[];
  /** The number the first task's id ends in. */
  readonly first: number;
  /** Builds task k, checked against what the index was told: its number and state. */
  readonly build: (k: number) => JsonObject;

  /**
   * `count` tasks of `session` from creation number `firstSeq`: `make(k)` builds the k-th, in state
   * `states[k % states.length]`. Throws when the states repeat or the first task's id ends in no number.
   */
  constructor(
    readonly session: string,
    readonly firstSeq: number,
    readonly count: number,
    make: (k: number) => JsonObject,
    readonly states: readonly string[],
    readonly fields: TaskFields,
  ) {
    if (states.length === 0 || new Set(states).size !== states.length)
      throw new Error(`a grown session's states cycle through distinct states; got [${states.join(', ')}]`);
    const head = make(0);
    const headId = String(fieldValue(head, fields.idField));
    const first = trailingNumber(headId);
    if (first === undefined)
      throw new Error(
        `${fields.api} task ${headId} starts a grown session, so its id must end in a number ` +
          '(task k of the session ends in that number plus k)',
      );
    this.first = first;
    this.build = (k) => this.checked(k, k === 0 ? head : make(k));
    this.entries = new Array(count);
  }

  entry(k: number): GrownTask {
    return (this.entries[k] ??= new GrownTask(this.firstSeq + k, this));
  }

  stateAt(k: number): string {
    return this.states[k % this.states.length]!;
  }

  /** The task of this growth with this id, if any (found by the number the id ends in). */
  withId(id: string): GrownTask | undefined {
    const number = trailingNumber(id);
    const k = number === undefined ? -1 : number - this.first;
    return k >= 0 && k < this.count && this.idAt(k) === id ? this.entry(k) : undefined;
  }

  /** An id of this growth that one of `ids` or another growth has already (builds only those tasks). */
  takenId(ids: Iterable<string>, growths: readonly Growth[]): string | undefined {
    const end = this.first + this.count;
    for (const id of ids) {
      const n = trailingNumber(id);
      if (n !== undefined && n >= this.first && n < end && this.idAt(n - this.first) === id) return id;
    }
    for (const other of growths)
      for (let n = Math.max(this.first, other.first); n < Math.min(end, other.first + other.count); n++)
        if (this.idAt(n - this.first) === other.idAt(n - other.first)) return this.idAt(n - this.first);
    return undefined;
  }

  private idAt(k: number): string {
    return String(fieldValue(this.entry(k).item, this.fields.idField));
  }

  /** Task k as built, once it is shown to have the number and state the index gave it. */
  private checked(k: number, item: JsonObject): JsonObject {
    const id = String(fieldValue(item, this.fields.idField));
    const state = String(fieldValue(item, this.fields.stateField));
    if (trailingNumber(id) !== this.first + k || state !== this.stateAt(k))
      throw new Error(
        `${this.fields.api} task ${k} of grown session ${this.session} was built as ${id} (${state}) but indexed as ` +
          `number ${this.first + k} (${this.stateAt(k)}): a growth must build the ids and states it declares`,
      );
    return item;
  }
}

/**
 * A task of a grown session, built when something first reads it: growing a million-task
 * session builds none of them, most of which no request reads. Once built, the object stays
 * (pages read it again).
 */
export class GrownTask {
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
      : String(fieldValue(this.built, this.growth.fields.stateField));
  }
}
