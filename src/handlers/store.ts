/**
 * The mock's data: @msw/data collections, one per face and session, validate and hold every
 * record against the strict contract on the way in; ordered indexes beside them (task-index.ts)
 * answer list and page queries without scanning or sorting the store.
 */
import { Collection } from '@msw/data';
import type { Face } from '../contract/faces.js';
import { componentOf, idOf, taskOperation } from '../contract/operations.js';
import type { JsonObject, RuleTarget } from '../contract/rules/types.js';
import { CheckedRecords, contractSchema, type StoredRecord } from './standard-schema.js';
import { type IndexedTask, type Page, type PageQuery, TaskIndex } from './task-index.js';

type ContractSchema = ReturnType<typeof contractSchema>;
type RecordCollection = Collection<ContractSchema>;

export class MockStore {
  private readonly partitions = new Map<string, RecordCollection>();
  private readonly schemas = new Map<string, ContractSchema>();
  private readonly checked = new CheckedRecords();
  private readonly knownSessions = new Map<Face, Set<string>>();
  /** Each face's tasks in creation order, by session, state and id. */
  private readonly indexes = new Map<Face, TaskIndex>();
  private seq = 0;
  /** Bumped by every change, so cached responses know when they are stale. */
  version = 0;

  private partition(face: Face, target: RuleTarget, session: string): RecordCollection {
    const key = `${face}|${target}|${session}`;
    let collection = this.partitions.get(key);
    if (!collection) {
      collection = new Collection({ schema: this.schema(face, target) });
      this.partitions.set(key, collection);
    }
    return collection;
  }

  private schema(face: Face, target: RuleTarget): ContractSchema {
    const key = `${face}|${target}`;
    let schema = this.schemas.get(key);
    if (!schema)
      this.schemas.set(
        key,
        (schema = contractSchema(
          face,
          target,
          componentOf(face, target === 'session' ? 'session' : 'task'),
          this.checked,
        )),
      );
    return schema;
  }

  private index(face: Face): TaskIndex {
    let index = this.indexes.get(face);
    if (!index) {
      const op = taskOperation(face);
      this.indexes.set(face, (index = new TaskIndex(op.idField, op.stateField!)));
    }
    return index;
  }

  /** Declares a session that exists (it may have no tasks). */
  addSession(face: Face, session: string): void {
    this.version++;
    let sessions = this.knownSessions.get(face);
    if (!sessions) this.knownSessions.set(face, (sessions = new Set()));
    sessions.add(session);
  }

  hasSession(face: Face, session: string): boolean {
    return this.knownSessions.get(face)?.has(session) ?? false;
  }

  sessionsOf(face: Face): string[] {
    return [...(this.knownSessions.get(face) ?? [])];
  }

  /** Adds a task; `trusted` skips validation for data checked when it was built (the demo dataset). */
  async addTask(face: Face, session: string, task: JsonObject, trusted = false, seq?: number): Promise<void> {
    this.version++;
    this.addSession(face, session);
    const id = idOf(taskOperation(face), task);
    const index = this.index(face);
    if (index.get(id)) throw new Error(`${face} task ${id} already exists; task ids are unique`);
    const record = { seq: seq ?? ++this.seq, session, item: task };
    await createChecked(
      this.partition(face, 'task', session),
      this.schema(face, 'task'),
      this.checked,
      record,
      `${face} task ${id}`,
      trusted,
    );
    if (seq !== undefined && seq > this.seq) this.seq = seq;
    index.add(record);
  }

  /** A session object of an API that lists its sessions (Praxis's session list). */
  async addSessionObject(face: Face, session: JsonObject, trusted = false): Promise<void> {
    this.version++;
    this.addSession(face, String(session.id));
    await createChecked(
      this.partition(face, 'session', ''),
      this.schema(face, 'session'),
      this.checked,
      { seq: ++this.seq, session: '', item: session },
      `${face} session ${String(session.id)}`,
      trusted,
    );
  }

  /** A session's tasks, newest first, those matching `where`. */
  tasks(face: Face, session: string, where?: (item: JsonObject) => boolean): IndexedTask[] {
    const all = this.index(face).newestFirst(session);
    return where ? all.filter((r) => where(r.item)) : all;
  }

  /** One page of tasks, newest first, read from the indexes (cost: the page, not the list). */
  page(face: Face, query: PageQuery): Page {
    return this.index(face).page(query);
  }

  /** A task by id, with its creation number. */
  task(face: Face, id: string): IndexedTask | undefined {
    return this.index(face).get(id);
  }

  /** The session objects of an API that lists its sessions, newest first, those matching `where`. */
  sessionObjects(face: Face, where?: (item: JsonObject) => boolean): StoredRecord[] {
    const collection = this.partitions.get(`${face}|session|`);
    if (!collection) return [];
    return collection.findMany(where ? (q) => q.where((r: StoredRecord) => where(r.item)) : undefined, {
      orderBy: { seq: 'desc' },
    }) as StoredRecord[];
  }

  /** Replaces a task's object (validated like a new one). */
  async updateTask(face: Face, id: string, next: JsonObject): Promise<void> {
    this.version++;
    const session = this.index(face).get(id)?.session;
    if (session === undefined) throw new Error(`no ${face} task ${id}`);
    const collection = this.partition(face, 'task', session);
    const idField = taskOperation(face).idField;
    await collection.update((q) => q.where((r: StoredRecord) => String(r.item[idField]) === id), {
      data(record: StoredRecord) {
        record.item = next;
      },
    });
    this.index(face).update(id, next);
  }

  /** Removes every task of a session (the session itself stays). */
  removeTasks(face: Face, session: string): void {
    this.version++;
    this.partitions.delete(`${face}|task|${session}`);
    this.index(face).removeSession(session);
  }

  taskCount(face: Face): number {
    return this.index(face).count();
  }

  clear(): void {
    this.version++;
    this.partitions.clear();
    this.knownSessions.clear();
    for (const index of this.indexes.values()) index.clear();
    this.seq = 0;
  }
}

/**
 * Creates a record; the collection's schema refuses a record that breaks the contract, and
 * then this says which rules, instead of @msw/data's generic message.
 */
async function createChecked(
  collection: RecordCollection,
  schema: ContractSchema,
  checked: CheckedRecords,
  record: StoredRecord,
  what: string,
  trusted: boolean,
): Promise<void> {
  if (!trusted) {
    const verdict = await schema['~standard'].validate(record);
    if (verdict.issues)
      throw new Error(`${what} breaks the contract: ${verdict.issues.map((i) => i.message).join('; ')}`);
  }
  checked.mark(record);
  try {
    await collection.create(record);
  } finally {
    checked.unmark(record);
  }
}
