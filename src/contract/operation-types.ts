/**
 * The list semantics of one operation, as data: how to read items, ids, states and times, how
 * paging works, which filters exist and how an item matches them, which parameters are
 * rejected and how. Each API's module (src/apis/<api>/contract.ts) fills one in per operation;
 * the laws and the conformance runner read only this and the spec.
 */
import type { ApiName } from './api-types.js';
import type { Lifecycle } from './lifecycle.js';
import type { Finding, JsonObject, RuleTarget } from './rules/types.js';
import type { Source } from './violation.js';

/**
 * How an API's error bodies look, beyond the schema its spec gives them: a named format (`anthropic`
 * also compares `error.type` with the documented type), or one of your own as data (`typePointer`:
 * where the documented type is read) or a function (`check`: findings about one error body).
 * `json-rpc` is JSON-RPC 2.0's error object (`{ code, message, data? }`, the code compared with the documented
 * `errorType`, its text). `unspecified` asserts nothing.
 */
export type ErrorFormat = 'anthropic' | 'fastapi' | 'json-rpc' | 'unspecified' | CustomErrorFormat;

export interface CustomErrorFormat {
  /** Its name in the law's statement ("Error responses use the <name> error format"). */
  name: string;
  /** JSON pointer of the error's type in the body, compared with the documented `errorType`. */
  typePointer?: string;
  /** What is wrong with one error body (paths are JSON pointers into the body). */
  check?(body: unknown, status: number, errorType: string | undefined): Finding[];
}

export interface FilterParam {
  param: string;
  /** The item field the filter compares with (a field pointer, as every field below). */
  field: string;
  /** Ark's state takes "半角逗号分隔多个状态". */
  commaSeparated?: boolean;
  /**
   * How an item's field is compared with the value: equal (absent), or, for a time filter, `at-or-after`: the
   * field read as a time (`readTime`) is no earlier than the value (A2A's statusTimestampAfter).
   */
  compare?: 'at-or-after';
  /**
   * Values the documents disagree on (LangGraph's `running`: the SDK's RunStatus has it, the parameter's enum
   * in the OpenAPI document does not): a server may accept or refuse them, so the runner never sends one.
   */
  disputed?: readonly string[];
  source: Source;
}

/**
 * A member listed objects carry only when a request asks for it with `param=value` (A2A's artifacts, omitted
 * unless includeArtifacts=true): the law `absent-unless-asked`.
 */
interface AskedMember {
  field: string;
  param: string;
  value: string;
  source: Source;
}

/**
 * An array member a request bounds with a whole-number parameter (A2A's history, at most historyLength
 * messages; none at 0): the law `bounded-by-<param>`.
 */
export interface BoundedMember {
  field: string;
  param: string;
  source: Source;
}

type Paging =
  | { kind: 'none' }
  /**
   * An opaque token from the response (`responseField`) passed back unchanged as `param`; the last page
   * offers none (the field absent, null or the empty string).
   */
  | {
      kind: 'token';
      param: string;
      responseField: string;
      /** A cursor from another query, or a malformed one, is refused as stated here. */
      boundToQuery?: { status: number; errorType?: string };
      source: Source;
    }
  /** Item-id cursors: `afterParam=<id>` continues after that item, `beforeParam=<id>` before it. */
  | { kind: 'item-id'; afterParam: string; beforeParam: string; source: Source }
  /**
   * An offset into the list: `param=<n>` skips its first n items (0 when absent), the page size is the
   * operation's limit. The next page starts after the items of this one; an empty page is past the end
   * (a short page is no end: the limit is only a maximum).
   */
  | { kind: 'offset'; param: string; source: Source };

/** A request the documents say must be refused, and how. */
export interface RejectedParam {
  param: string;
  /** The law's name under the operation's prefix (e.g. `unsupported-filter-400`). */
  law: LawName;
  values: readonly string[];
  /** The documented status, or '4xx' where the document implies a refusal but names no status. */
  status: number | '4xx';
  errorType?: string;
  /**
   * The sentence that names `errorType` (it may be `source`, as MCP's names -32602): a refusal of another type is
   * shown against it, and without it against the error format's law's own sentence.
   */
  errorTypeSource?: Source;
  source: Source;
}

/** A header every request of the operation carries (A2A's `A2A-Version`), with the value the module speaks. */
interface OperationHeader {
  name: string;
  value: string;
  /** A pattern of the values that mean `value` too (A2A's `1.0` with a patch number), which the mock accepts. */
  sameAs?: string;
  source: Source;
  /**
   * Values the documents say are refused in place of `value`, and how (A2A's version no document defines,
   * refused with VersionNotSupportedError): the runner sends each instead of `value`, the mock refuses any
   * value but `value` and `sameAs` (an absent header it reads as `value`).
   */
  rejected?: Omit<RejectedParam, 'param'>;
}

/**
 * Where an operation's session comes from: a path segment (given with --session, or the ids
 * another operation lists), a query filter, or nowhere.
 */
type SessionBinding =
  | {
      in: 'path';
      /**
       * The path parameter that holds the session (default `session_id`): a parent named freely,
       * `queue_id` in `/queues/{queue_id}/jobs`. The runner, record, the matcher and the CLI fill this
       * one (contract/session-param.ts).
       */
      param?: string;
      discoveredFrom?: { operationId: string; field: string };
      idPrefix?: string;
    }
  | { in: 'query'; param: string }
  | ({ in: 'handshake' } & Handshake)
  | { in: 'none' };

/**
 * A session the server opens at a handshake and names in a response header (MCP's `initialize`, whose answer
 * carries `MCP-Session-Id`): the runner opens one before its first request and sends its id back in the same
 * header on every later one, opens another where the server answers 404 for it, and takes an open one with
 * --session. Only an operation bound as JSON-RPC has one (the handshake is a call).
 */
export interface Handshake {
  /** The call that opens a session: its method and params. */
  call: { method: string; params: JsonObject };
  /** The notification sent once the call is answered (MCP's `notifications/initialized`), if any. */
  notification?: string;
  /** The response header that names the session, and the request header every later request sends it back in. */
  header: string;
  /**
   * A header every later request carries, its value read from the call's result at `pointer`; `rejected`: values
   * the documents say are refused in its place, and how (MCP's unsupported protocol version, 400).
   */
  versionHeader?: { name: string; pointer: string; rejected?: Omit<RejectedParam, 'param'> };
  /** What the call's result holds, as the mock answers it. */
  result: JsonObject;
  /** How a request without the session header is refused (the status, the error's code as text). */
  missing: { status: number; errorType?: string; source: Source };
  /** How a request naming a session the server does not hold is refused; the client then opens another. */
  unknown: { status: number; errorType?: string; source: Source };
  /** The status a notification the server accepts gets (no body). */
  acceptedStatus: number;
  source: Source;
}

/**
 * How a request of the operation travels. `query` (the default): a GET of the path, its parameters in the
 * query string. `json-rpc`: a JSON-RPC 2.0 call POSTed to the path (`{"jsonrpc":"2.0","id":1,"method":…,
 * "params":{…}}`), every parameter the data names (filters, limit, paging, a session `in: 'query'`) a member
 * of `params`, typed by its schema in the spec (the spec's operation lists the method's params as its
 * parameters, as OpenRPC lists a method's). Its answer is judged as the REST answer it stands for: a
 * `result` as a 200 whose body is the result (`itemsPointer` and the paging fields read inside it, the
 * spec's 200 schema is the result's), an `error` as a refusal (400; -32603 Internal error as a 500) whose
 * body is the error object, its code the refusal's `errorType` (src/contract/json-rpc.ts).
 */
export type Binding =
  | { kind: 'query' }
  | {
      kind: 'json-rpc';
      method: string;
      /**
       * The server may answer a call with a `text/event-stream` whose events carry JSON-RPC messages (MCP's
       * Streamable HTTP): requests accept both media types, and the answer is the event holding the response.
       */
      eventStream?: boolean;
      source?: Source;
    };

/** Names of the list laws (ids are `<lawPrefix>.<name>`). */
export type LawName =
  | 'not-a-server-error'
  | 'status-code'
  | 'content-type'
  | 'json-rpc-response'
  | 'transport'
  | 'response-schema'
  | 'limit-respected'
  | 'minimum-limit-accepted'
  | 'default-limit'
  | `filter-${string}`
  | 'items-belong-to-session'
  | 'order-newest-first'
  | 'order-oldest-first'
  | 'no-duplicates-across-pages'
  | 'paging-terminates'
  | 'paging-skips-nothing'
  | 'total-counts-the-list'
  | 'cursor-exclusive'
  | 'malformed-cursor-rejected'
  | 'cursor-bound-to-query'
  | 'unsupported-filter-400'
  | 'unsupported-version-rejected'
  | 'invalid-parameter-422'
  | `invalid-${string}-rejected`
  | 'unknown-session-404'
  | 'error-format'
  | 'lifecycle-forward'
  | 'immutable-fields'
  | 'past-events-fixed'
  | 'counters-never-decrease'
  | 'times-never-go-back'
  | 'no-undocumented-fields'
  | 'fork-after-source'
  | 'previous-task-earlier'
  | 'one-root-per-session'
  | 'creation-snapshot-fixed'
  | 'final-content-fixed'
  | `nothing-grows-while-${string}`
  | 'listed-between-reads'
  | 'ids-unique'
  | 'ids-stable'
  | 'linked-session-exists'
  | `unique-${string}`
  | `stable-${string}`
  | 'present-together'
  | 'absent-unless-asked'
  | `bounded-by-${string}`
  | `${string}-in-order`
  | `${string}-not-before-${string}`;

/** The prefix of an operation's law ids: the API's name, or `<api>.<operation>` where an API lists two kinds. */
type LawPrefix = string;
export type LawId = `${LawPrefix}.${LawName}`;

/**
 * The order the documents give a list: by a time field (read with the operation's `readTime`) in one
 * direction, within and across pages; items with the same time by `ties` where the documents say
 * how, else in no order said. Its law is `order-<direction>`.
 */
export interface ListOrder {
  field: string;
  direction: 'newest-first' | 'oldest-first';
  /** How items with the same time are ordered: another field, compared as numbers or as text. */
  ties?: { field: string; direction: 'ascending' | 'descending' };
  source: Source;
}

/** One law of the time family (`ListOperation.timeOrder`). */
export interface TimeOrder {
  id: LawId;
  order: readonly { field: string; notBefore: readonly string[] }[];
  /** What must hold, and why the documents order it. */
  statement: string;
  source: Source;
}

/** One state in which a task does not proceed (`ListOperation.stopsWork`). */
interface StopsWork {
  state: string;
  /** What the task waits for there, as the law's statement says it ("an answer to its pending ask"). */
  waitsFor: string;
  /**
   * Members that show it stayed there between two reads: set (not null, not empty) and the same on
   * both (a list of strings as a set). Two reads in the state can otherwise hide a resumption
   * between them, in which the task worked.
   */
  sameWhile: readonly string[];
  /**
   * What the task produces (field pointers): a number, a list (its length) or an object (each number
   * in it), none of which grows between two such reads.
   */
  grows: readonly string[];
  source: Source;
}

export interface ListOperation {
  api: ApiName;
  operationId: string;
  /** Every law of this operation is named `<lawPrefix>.<name>`. */
  lawPrefix: LawPrefix;
  /**
   * Path template under the API's base, e.g. `/v1/sessions/{session_id}/tasks`
   * (`session.param` names the session).
   */
  path: string;
  target: RuleTarget;
  component: string;
  /** How a request travels (default `{ kind: 'query' }`, a GET). */
  binding?: Binding;
  /**
   * Headers the documents say every request carries, with the value the module speaks (A2A's
   * `A2A-Version: 1.0`): the runner sends them, printed requests show them, the mock accepts them.
   */
  headers?: readonly OperationHeader[];
  session: SessionBinding;
  /** JSON pointer (RFC 6901) of the item array in a 200 body: '' for a bare array, `/data`, `/page/jobs`. */
  itemsPointer: string;
  /** Rules about the whole 200 body (JSON-RPC's envelope), beside the item rules. */
  envelopeTarget?: RuleTarget;
  /** The spec component of that whole body. */
  envelopeComponent?: string;
  /** The status whose documented body shows the API's error format, for errors the spec gives no schema of. */
  errorShapeStatus?: number;
  /**
   * Where an item's id is. Every field an operation names is a JSON pointer (RFC 6901) into one
   * object, `/id` or `/status/state` (`/a~1b` for a member named `a/b`); a set refuses another notation.
   */
  idField: string;
  /** The sentence that makes the id identify one object. */
  idSource?: Source;
  stateField?: string;
  lifecycle?: Lifecycle;
  /**
   * The time field that records an item's creation (read with `readTime`): the generators stamp each
   * new object's creation there, and the laws that compare two objects' creation read it.
   */
  createdField?: string;
  /** The documented order of the list; none where the documents give none (then no order law). */
  order?: ListOrder;
  paging: Paging;
  /**
   * A member of every answer that counts the tasks available before pagination (A2A's `totalSize`): the law
   * `total-counts-the-list`.
   */
  total?: { responseField: string; source: Source };
  /**
   * The page size parameter: its default, and its minimum and maximum where a document gives them
   * (the mock refuses a value outside them, with the parameter's `rejected` entry where it has one).
   */
  limit?: { param: string; default?: number; minimum?: number; maximum?: number; source: Source };
  filters: readonly FilterParam[];
  /** Item field that must equal the path session id. */
  sessionField?: string;
  rejected: readonly RejectedParam[];
  unknownSession?: { status: number; errorType?: string; source: Source };
  errorFormat: ErrorFormat;
  /** Fields that never change between observations of one object (judged against `idSource`'s sentence). */
  immutableFields: readonly string[];
  /**
   * The document sentences the list laws about these fields stand on, where a document says them:
   * what the past-event fields record (`pastEvents`), what the time fields record (`times`), whose
   * the session field names (`session`), the media type of a 200 (`mediaType`), and what the list
   * holds (`list`: the operation's own description). A law whose sentence is not given cites the spec file.
   */
  sources?: { pastEvents?: Source; times?: Source; session?: Source; mediaType?: Source; list?: Source };
  /**
   * An item field naming another session of this same list (a child session), the item states in
   * which that session exists for certain, and the sentence that says so: its list is not answered
   * as an unknown session's.
   */
  sessionLink?: { field: string; whileStates: readonly string[]; source: Source };
  /** Fields that record a past event: once they hold a value, it never changes. */
  pastEventFields: readonly string[];
  /** Fields holding times that may only move forward, with how to read them. */
  timeFields: readonly string[];
  /**
   * Time fields whose null means "not yet" for good: once one holds a time, a later observation
   * never shows it null again (a going back to before the event), with the sentence that says so.
   */
  timesOnceSet?: { fields: readonly string[]; source: Source };
  /**
   * Counters that only ever grow between observations (a pointer reaches a nested one), with the
   * sentence that says so.
   */
  counters?: { fields: readonly string[]; source: Source };
  /**
   * States the documents say are no longer processed, and the fields that processing produces:
   * while an object stays in such a state, they never change between observations. `filledLate`: those of
   * them that record a result rather than make it (a result file's path), which the documents do not date: one
   * empty may be filled in after the end, and only then holds.
   */
  finalContent?: {
    states: readonly string[];
    fields: readonly string[];
    filledLate?: readonly string[];
    source: Source;
  };
  /**
   * States in which the documents say a task does not proceed (waiting for input, paused until
   * resumed): each entry one law, `nothing-grows-while-<state>`.
   */
  stopsWork?: readonly StopsWork[];
  /**
   * Fields the documents say are taken at creation, so never change (a pointer reaches a nested
   * one), with the sentence.
   */
  creationSnapshot?: { fields: readonly string[]; source: Source };
  /**
   * Objects that name another object of the same list which must have been created no later
   * than they were (a fork's source session, a task's previous task): the law, the field holding
   * the named id (its pointer may reach a nested one), what the law states, and the sentence.
   */
  namesEarlier?: {
    law: LawName;
    field: string;
    /** The property of the field a violation is reported at (the named id may be nested in it). */
    path: string;
    statement: string;
    unexercised: string;
    source: Source;
    /** What a violation says: the object (its id and creation time) and the one it names. */
    message(item: string, created: unknown, named: string, namedCreated: unknown): string;
  };
  /**
   * Ids nested in an object (`/tool/tool_use_id`) that the documents make identify
   * one thing: no two objects of one answer, or of one walk, give the same one. `name` names the
   * law (`unique-<name>`). With `distinctBy`, only two that differ in one of those members (another
   * tool name: another call) are judged; two that agree may be two objects of that one thing (one call
   * may have started two tasks).
   */
  nestedIds?: readonly { name: string; field: string; distinctBy?: readonly string[]; source: Source }[];
  /**
   * Ids (field pointers) that stay the same between two observations of one object while it is in
   * one of `states` (any state when absent) and `sameWhile` fields are unchanged (the same pending
   * ask): the law `stable-<name>`.
   */
  stableIds?: readonly {
    name: string;
    field: string;
    states?: readonly string[];
    sameWhile?: readonly string[];
    source: Source;
  }[];
  /**
   * Times whose meanings order them within one object (a task ends after it started): each law
   * `id` (ids are cited by the sentence table, so each is named as the documents' pair reads)
   * holds that every `field` of its `order` is not earlier than its `notBefore` fields, wherever
   * both hold a time (read with `readTime`), judged in the order given.
   */
  timeOrder?: readonly TimeOrder[];
  /** Members documented under one condition: an object gives all of them or none (`present-together`). */
  together?: readonly { fields: readonly string[]; source: Source }[];
  /** Members carried only when asked for (`absent-unless-asked`). */
  askedMembers?: readonly AskedMember[];
  /** Array members a parameter bounds (`bounded-by-<param>`). */
  boundedMembers?: readonly BoundedMember[];
  /** A field every listed object of one session that gives it gives the same value of. */
  samePerSession?: { law: LawName; field: string; statement: string; source: Source };
  readTime(value: unknown): number;
}
