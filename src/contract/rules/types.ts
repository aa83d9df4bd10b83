import type { ApiName } from '../api-types.js';
import type { Source } from '../violation.js';

export type JsonObject = Record<string, unknown>;

/** What one rule found wrong in one object; the path is relative to that object. */
export interface Finding {
  path: string;
  message: string;
  value?: unknown;
}

export type RuleTarget = 'task' | 'session' | 'envelope';

/**
 * How the generators repair an object to satisfy a rule, and break it: every item rule has one (`ItemRule.repair`).
 */
export interface RuleRepair {
  /**
   * What `break` does to an object, starting with a verb ("sets attempt to 0"): the item-rule
   * fault's description in docs/laws.md and the mock's state. An API without one is described
   * by its rule's statement.
   */
  breaks?: string;
  /**
   * The top-level members `repair` reads, sets or deletes (`['status', 'ended_at']`). Bulk text
   * (`generate`) draws every other member straight as JSON text, without building its value; an
   * API any of whose repairs leaves this out is drawn as values whole (slower, the same objects).
   */
  members?: readonly string[];
  repair(item: JsonObject): void;
  break(item: JsonObject): void;
}

/** A cross-field statement of one document that JSON Schema cannot say. */
export interface ItemRule<Id extends string = string> {
  id: Id;
  api: ApiName;
  target: RuleTarget;
  source: Source;
  /** One line: what must hold. */
  statement: string;
  /**
   * The rule is about what a list returns, not about the object itself (an archived session
   * exists, it is just never listed): stores of objects do not enforce it.
   */
  listOnly?: true;
  /**
   * Why a live server is not judged by it: the mock and the generators keep this reading of its
   * sentence, but the documents allow another one. Such a rule is no law of the runner's catalogue
   * and no fault the mock injects.
   */
  mockOnly?: string;
  /** Rules that necessarily break too when this one is broken (declared pairs). */
  alsoBreaks?: readonly string[];
  /**
   * Which objects the rule constrains (e.g. only queued tasks); the others are not counted as
   * judged by it. Every object when absent.
   */
  applies?(item: JsonObject): boolean;
  /**
   * Runs only on objects `applies` accepts (`judgeItemRule` is its only caller), so it takes what
   * `applies` tested for granted instead of testing it again.
   */
  check(item: JsonObject): Finding[];
  /** How the generators repair an object to satisfy the rule, and break it (the mock's fault of the rule). */
  repair: RuleRepair;
}
