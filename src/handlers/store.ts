/**
 * The mock's data. Tasks live in ordered indexes (task-index.ts), one object each, which answer
 * list and page queries without scanning or sorting the store; session objects live in @msw/data
 * collections. Both are checked against the strict contract on the way in (the same Standard
 * Schema), except objects built from data already checked (the demo dataset, added tasks, timelines).
 */
import { Collection } from '@msw/data';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ApiSet } from '../contract/api-set.js';
import { componentOf, idOf, taskOperation } from '../contract/operations.js';
import type { ApiName } from '../contract/registry.js';
import type { JsonObject, RuleTarget } from '../contract/rules/types.js';
import { CheckedRecords, contractSchema, type StoredRecord } from './standard-schema.js';
import { type IndexedTask, type Page, type PageQuery, TaskIndex } from './task-index.js';

type ContractSchema = ReturnType<typeof contractSchema>;

/**
 * The most sessions handshakes opened that the store keeps for one API (about half a kilobyte each): a mock lives
 * for hours in a test suite, and every client that connects opens one.
 */
export const MAX_HANDSHAKE_SESSIONS = 10_000;
type RecordCollection = Collection<ContractSchema>;

export class MockStore {
  private readonly partitions = new Map<string, RecordCollection>();
  private readonly schemas = new Map<string, ContractSchema>();
  private readonly checked = new CheckedRecords();
  private readonly knownSessions = new Map<ApiName, Set<string>>();
  /** The sessions handshakes opened that hold nothing else, by API, least recently used first. */
  private readonly handshakeSessions = new Map<ApiName, Set<string>>();
  /** Each API's tasks in creation order, by session, state and id. */
  private readonly indexes = new Map<ApiName, TaskIndex>();
  private seq = 0;
  /** Bumped by every change, so cached responses know when they are stale. */
  version = 0;

  /** `apis`: the API set whose contract the store holds its objects to. */
  constructor(readonly apis: ApiSet) {}

  private partition(api: ApiName, target: RuleTarget, session: string): RecordCollection {
    const key = `${api}|${target}|${session}`;
    let collection = this.partitions.get(key);
    if (!collection) {
      collection = new Collection({ schema: this.schema(api, target) });
      this.partitions.set(key, collection);
    }
    return collection;
  }

  private schema(api: ApiName, target: RuleTarget): ContractSchema {
    const key = `${api}|${target}`;
    let schema = this.schemas.get(key);
    if (!schema)
      this.schemas.set(
        key,
        (schema = contractSchema(
          api,
          target,
          componentOf(api, target === 'session' ? 'session' : 'task', this.apis),
          this.checked,
          this.apis,
        )),
      );
    return schema;
  }

  private index(api: ApiName): TaskIndex {
    let index = this.indexes.get(api);
    if (!index) {
      const op = taskOperation(api, this.apis);
      this.indexes.set(api, (index = new TaskIndex(api, op.idField, op.stateField!)));
    }
    return index;
  }

  /** Declares a session that exists (it may have no tasks); one a handshake opened is kept from then on. */
  addSession(api: ApiName, session: string): void {
    this.version++;
    let sessions = this.knownSessions.get(api);
    if (!sessions) this.knownSessions.set(api, (sessions = new Set()));
    sessions.add(session);
    this.handshakeSessions.get(api)?.delete(session);
  }

  /**
   * Opens a session a handshake asked for (MCP's `initialize`). An API keeps at most MAX_HANDSHAKE_SESSIONS of
   * them: past that, the one least recently used is forgotten, and a request in it gets the answer to a session
   * the server does not hold (MCP: 404, after which a client opens another). A session given tasks or declared
   * otherwise (`addTasks`, `addSession`) is never forgotten.
   */
  openSession(api: ApiName, session: string): void {
    this.addSession(api, session);
    let opened = this.handshakeSessions.get(api);
    if (!opened) this.handshakeSessions.set(api, (opened = new Set()));
    opened.add(session);
    for (const oldest of opened) {
      if (opened.size <= MAX_HANDSHAKE_SESSIONS) break;
      opened.delete(oldest);
      // A task always declares its session (put), which takes it out of this set: this is only a safeguard.
      if (this.taskCount(api, oldest) === 0) this.knownSessions.get(api)?.delete(oldest);
    }
  }

  /** A request in a session a handshake opened: it is the last to be forgotten. */
  usedSession(api: ApiName, session: string): void {
    const opened = this.handshakeSessions.get(api);
    if (opened?.delete(session)) opened.add(session);
  }

  hasSession(api: ApiName, session: string): boolean {
    return this.knownSessions.get(api)?.has(session) ?? false;
  }

  sessionsOf(api: ApiName): string[] {
    return [...(this.knownSessions.get(api) ?? [])];
  }

  /** Adds a task; `trusted` skips validation for data checked when it was built (the demo dataset). */
  async addTask(api: ApiName, session: string, task: JsonObject, trusted = false, seq?: number): Promise<void> {
    const record = { seq: seq ?? this.seq + 1, session, item: task };
    if (!trusted) await this.check(api, record);
    this.put(api, record);
  }

  /**
   * Grows a session by `count` tasks built from checked data (`mock --tasks`: a million of
   * them), each built on first read by `make(k)`, in state `states[k % states.length]`, its id
   * numbered one after the previous one's. Unvalidated, and nothing per task until it is read.
   */
  addBuiltTasks(
    api: ApiName,
    session: string,
    count: number,
    make: (k: number) => JsonObject,
    states: readonly string[],
  ): void {
    this.version++;
    this.addSession(api, session);
    this.index(api).addGrowth(session, count, this.seq + 1, make, states);
    this.seq += Math.max(0, count);
  }

  private put(api: ApiName, record: IndexedTask): void {
    this.version++;
    this.addSession(api, record.session);
    if (record.seq > this.seq) this.seq = record.seq;
    this.index(api).add(record);
  }

  /** Refuses a task that breaks the contract, saying which laws. */
  private async check(api: ApiName, record: StoredRecord): Promise<void> {
    const verdict = await this.schema(api, 'task')['~standard'].validate(record);
    if (verdict.issues)
      throw new Error(
        `${api} task ${idOf(taskOperation(api, this.apis), record.item)} breaks the contract: ${issuesOf(verdict)}`,
      );
  }

  /** A session object of an API that lists its sessions (Praxis's session list). */
  async addSessionObject(api: ApiName, session: JsonObject, trusted = false): Promise<void> {
    this.version++;
    this.addSession(api, String(session.id));
    await createChecked(
      this.partition(api, 'session', ''),
      this.schema(api, 'session'),
      this.checked,
      { seq: ++this.seq, session: '', item: session },
      `${api} session ${String(session.id)}`,
      trusted,
    );
  }

  /** A session's tasks, newest first, those matching `where`. */
  tasks(api: ApiName, session: string, where?: (item: JsonObject) => boolean): IndexedTask[] {
    const all = this.index(api).newestFirst(session);
    return where ? all.filter((r) => where(r.item)) : all;
  }

  /** One page of tasks, newest first, read from the indexes (cost: the page, not the list). */
  page(api: ApiName, query: PageQuery): Page {
    return this.index(api).page(query);
  }

  /** A task by id, with its creation number. */
  task(api: ApiName, id: string): IndexedTask | undefined {
    return this.index(api).get(id);
  }

  /** The session objects of an API that lists its sessions, newest first, those matching `where`. */
  sessionObjects(api: ApiName, where?: (item: JsonObject) => boolean): StoredRecord[] {
    const collection = this.partitions.get(`${api}|session|`);
    if (!collection) return [];
    return collection.findMany(where ? (q) => q.where((r: StoredRecord) => where(r.item)) : undefined, {
      orderBy: { seq: 'desc' },
    }) as StoredRecord[];
  }

  /** Replaces a task's object (validated like a new one). */
  async updateTask(api: ApiName, id: string, next: JsonObject): Promise<void> {
    const entry = this.index(api).get(id);
    if (entry === undefined) throw new Error(`no ${api} task ${id}`);
    await this.check(api, { seq: entry.seq, session: entry.session, item: next });
    this.version++;
    this.index(api).update(id, next);
  }

  /** Removes every task of a session (the session itself stays). */
  removeTasks(api: ApiName, session: string): void {
    this.version++;
    this.index(api).removeSession(session);
  }

  /** How many tasks an API holds (in one session, if named), without reading them. */
  taskCount(api: ApiName, session?: string): number {
    return this.index(api).count(session);
  }

  clear(): void {
    this.version++;
    this.partitions.clear();
    this.knownSessions.clear();
    this.handshakeSessions.clear();
    for (const index of this.indexes.values()) index.clear();
    this.seq = 0;
  }
}

const issuesOf = (verdict: StandardSchemaV1.FailureResult) => verdict.issues.map((i) => i.message).join('; ');

/**
 * Creates a record; the collection's schema refuses a record that breaks the contract, and
 * then this says which laws, instead of @msw/data's generic message.
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
    if (verdict.issues) throw new Error(`${what} breaks the contract: ${issuesOf(verdict)}`);
  }
  checked.mark(record);
  try {
    await collection.create(record);
  } finally {
    checked.unmark(record);
  }
}
