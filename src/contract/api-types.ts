/**
 * The names of the APIs (`ApiName`), and what the typed surfaces know of each:
 * every contract module may import this leaf.
 */

/**
 * What each API's objects and names are, by API name: the typed surfaces (`addTasks`, `setFaults`,
 * scenarios, `state()`, operation ids) read an API's types from here, so a module written outside
 * the package gets the same typed surface as a built-in one. The built-in APIs add theirs from
 * their modules (src/apis/types.ts); a module adds its own by declaration merging, into this module
 * itself (`agent-task-contracts/api-types`: an entry merged through a module that re-exports the
 * interface, such as the kit, is lost when the compiler reads that file first):
 *
 *   declare module 'agent-task-contracts/api-types' {
 *     interface ApiTypes { jobs: ApiTypesOf<{ task: Job; fault: JobsFaultId; operation: 'listJobs' }> }
 *   }
 *
 * An entry's members are those of `ApiTypeEntry`; each is read with a fallback, so an entry may
 * leave out what its API does not have (session objects).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging, one entry per API.
export interface ApiTypes {}

/** What one API's entry in `ApiTypes` says. */
export interface ApiTypeEntry {
  /** A listed task (or job, or whatever the API lists) as the documents give it. */
  task: object;
  /** A session object, for an API that lists its sessions (else `never`). */
  session: object;
  /** Its item rules' ids. */
  rule: string;
  /** Every fault id the mock can inject into this API: its rules' ids, `<rule>:every` and its law faults. */
  fault: string;
  /** The operation ids of its spec. */
  operation: string;
  /** The documented task states. */
  state: string;
}

/** Completes a partial entry: what it leaves out is untyped (`string`), or `never` for session objects. */
export type ApiTypesOf<T extends Partial<ApiTypeEntry>> = Omit<
  { task: Record<string, unknown>; session: never; rule: string; fault: string; operation: string; state: string },
  keyof T
> &
  T;

/** The APIs with types: the built-in ones and every module that added an entry to `ApiTypes`. */
export type TypedApiName = Extract<keyof ApiTypes, string>;

/**
 * An API's name: one with types, or one of a user's module without them. Typed surfaces take
 * `TypedApiName`; an API without an entry gets JSON objects and plain strings.
 */
export type ApiName = TypedApiName | (string & {});

/** One member of an API's entry, or `Fallback` for an API without one. */
type EntryMember<F extends string, K extends keyof ApiTypeEntry, Fallback> = F extends TypedApiName
  ? ApiTypes[F] extends { [P in K]: infer V }
    ? V
    : Fallback
  : Fallback;

/** A task of an API by name: its entry's type, or a JSON object. */
export type ApiTask<F extends string> = EntryMember<F, 'task', Record<string, unknown>>;
/** A session object of an API by name (`never` for an API whose tasks name their session by id). */
export type ApiSession<F extends string> = EntryMember<F, 'session', never>;
/** The item rule ids of an API by name. */
export type ApiRuleId<F extends string> = EntryMember<F, 'rule', string>;
/** The fault ids of an API by name. */
export type ApiFaultId<F extends string> = EntryMember<F, 'fault', string>;
/** The operation ids of an API by name. */
export type ApiOperationId<F extends string> = EntryMember<F, 'operation', string>;
/** The documented task states of an API by name. */
export type ApiTaskState<F extends string> = EntryMember<F, 'state', string>;
/** A union of names, or any string when no API has types (a program that imports no entry of the package). */
type OrString<T> = [T] extends [never] ? string : T;
/** Every fault id of every API with types. */
export type AnyFaultId = OrString<{ [F in TypedApiName]: ApiFaultId<F> }[TypedApiName]>;
/** Every item rule id of every API with types. */
export type AnyRuleId = OrString<{ [F in TypedApiName]: ApiRuleId<F> }[TypedApiName]>;
/**
 * The fault ids a module's parts declare: each item rule (and its `:every` form) and each law fault
 * of its mock. For a module written with literal ids (`as const`, or in a `.d.ts`).
 */
export type FaultIdsOf<Rule extends string, LawFault extends string> = Rule | `${Rule}:every` | LawFault;
