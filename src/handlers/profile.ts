/**
 * What the mock needs to know of one API beyond its contract and generators: the documented
 * behaviour of each operation, its error bodies, its fault transforms and the shape of its demo
 * tasks. Each built-in API fills one in (src/apis/<api>/mock.ts); a user's module
 * brings its own. The behaviour knows no fault: faults wrap it (handlers/faults).
 */
import type { ApiContract } from '../contract/api.js';
import type { ApiName } from '../contract/api-types.js';
import type { JsonObject } from '../contract/rules/types.js';
import type { GeneratorProfile } from '../generators/profile.js';
import type { DemoRecords } from './demo.js';
import type { FaultTransform } from './faults/transform.js';
import type { MockResponse, OperationBehaviour } from './types.js';

export interface MockProfile {
  api: ApiName;
  /** The documented behaviour of each of the API's operations, by operation id. */
  operations: Readonly<Record<string, OperationBehaviour>>;
  /**
   * An error in the API's own format (unknown routes, refused methods, internal errors, override
   * answers). `requestNumber` lets an API number its request ids; `errorType` is the type the operation's data
   * documents for a refusal, where it names one (A2A's -32009, VersionNotSupportedError).
   */
  errorResponse(status: number, message: string, requestNumber: number, errorType?: string): MockResponse;
  /** The law faults the mock can inject into this API, keyed by the law id each breaks. */
  faults: Readonly<Record<string, FaultTransform>>;
  /**
   * For an API that lists its sessions: the partial of a session object the list shows (what a
   * added or scenario session is completed from).
   */
  listedSession?(id: string): JsonObject;
  /** The demo dataset's shape of this API's tasks; an API without one has no demo data. */
  demo?: DemoShape;
  /**
   * Documents the API serves beside its lists for a client to connect (A2A's Agent Card), each a GET of
   * its path below the base, answered with `body` of the base URL the client called.
   */
  documents?: readonly MockDocument[];
}

export interface MockDocument {
  /** Below the API's base, e.g. `/.well-known/agent-card.json`. */
  path: string;
  body(baseUrl: string): unknown;
}

export interface DemoShape {
  /** The demo session (where `mock --tasks N` grows tasks, and what the start-up banner links). */
  session: string;
  taskCount: number;
  /** Shapes a generated task into demo task number `i` of `session`, in `state`, created at `createdMs`. */
  shapeTask(raw: JsonObject, i: number, session: string, state: string, createdMs: number, prefix: string): JsonObject;
  /**
   * The default seed's demo records made ahead of time (`npm run generate`), so that start-up samples
   * nothing: the same function on every API whose records it holds.
   */
  precomputed?: () => Promise<DemoRecords>;
  /** The id of benchmark filler session number `n`. */
  fillerSession(n: number): string;
  /** For an API that lists session objects: how many the demo has, and the shape of number `i` of `count`. */
  sessions?: {
    count: number;
    /** `repair` applies the API's rule repairs to a session (the set's generators). */
    shape(
      raw: JsonObject,
      i: number,
      count: number,
      baseMs: number,
      repair: (session: JsonObject) => JsonObject,
    ): JsonObject;
  };
}

/** Everything one API is: what the contract, the generators and the mock each read of it. */
export interface ApiModule {
  contract: ApiContract;
  generators: GeneratorProfile;
  mock: MockProfile;
}
