/**
 * What the generators need to know of one API beyond its contract: values its schema cannot
 * imply, how it writes creation times, where its
 * timelines start and what a state change sets. Each built-in API fills one in
 * (src/apis/<api>/generators.ts); a user's module brings its own.
 */
import type fc from 'fast-check';
import type { ApiName } from '../contract/api-types.js';
import type { JsonObject, RuleTarget } from '../contract/rules/types.js';
import type { Backend } from './schema-arbitrary.js';

/** The fast-check module, as the generators pass it to a profile. */
export type FastCheck = typeof fc;

export interface GeneratorProfile {
  api: ApiName;
  /**
   * Arbitraries by component (`UnixMillis`) or component field (`Task.created_at`) the schema
   * cannot imply. fast-check comes as an argument, so a profile loads it only when generating.
   */
  overrides?(fc: FastCheck, edge: boolean): Record<string, fc.Arbitrary<unknown>>;
  /**
   * The same, built with the backend `b` of the walk (`b.integer`, `b.oneof`…), so that bulk draws
   * make them as plain draws, not through fast-check (measured: a JSON-RPC task's `output` and
   * `created_at` were half of its draw). Where a path is in both, this one wins.
   */
  overridesIn?<A>(b: Backend<A>, edge: boolean): Record<string, A>;
  /**
   * Members inside an object of a target that the documents make an id of a thing of its own (Ark's
   * `tool.tool_use_id`: "Agent 发起该次工具调用时生成的工具调用 ID"), as paths (`output[].call_id`);
   * not references to another object (a `session_id`). The generators keep each unique within a run.
   */
  nestedIds?: Partial<Record<RuleTarget, readonly string[]>>;
  /** Gives a new object of `target` creation-time fields at `ms` (and the times that follow it). */
  stampCreation(target: RuleTarget, item: JsonObject, ms: number): JsonObject;
  /** Fields a completed task derives from its others (e.g. a path made of its id); optional. */
  finish?(task: JsonObject): void;
  lifecycle: {
    /** The state legal timelines start in. */
    initial: string;
    /** Clears what a task in its first state cannot have yet. */
    start?(task: JsonObject): void;
    /**
     * Sets what a move to `state` sets beside the state. `later(baseMs)` is the time of the
     * move, after `baseMs`; `stepMs` tells successive moves apart.
     */
    advance?(
      previous: JsonObject,
      next: JsonObject,
      state: string,
      later: (baseMs: number) => number,
      stepMs: number,
    ): void;
  };
}
