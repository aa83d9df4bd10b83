/**
 * A law is defined once, for every operation: `defineLaw` takes its name, which operations have
 * it (`appliesTo`), how its statement, source and "not exercised" reason read on an operation,
 * and a check per scope it judges. The catalogue instantiates every definition on every
 * operation it applies to, so a law is found by grepping its name, and no law object is built
 * piecemeal.
 */
import type { LawName, ListOperation } from '../operations.js';
import type { Source } from '../violation.js';
import { lawId } from './common.js';
import type { CatalogueId, Judgement, Law, LawRef, LawScope, Subjects } from './types.js';

/** What a check is given beside its subject: the operation, the family member, and the law's id and source. */
interface LawAt<O extends ListOperation = ListOperation, M = undefined> {
  op: O;
  /** The member of a family (one filter, one item rule, one refusal); undefined for a single law. */
  member: M;
  /** For the violations the check reports. */
  law: LawRef;
}

/** Text that may read the operation (and the family member) it is instantiated on. */
type Text<O, M> = string | ((op: O, member: M) => string);

export type LawChecks<O extends ListOperation, M> = {
  [S in LawScope]?: (subject: Subjects[S], at: LawAt<O, M>) => Judgement;
};

export interface LawSpec<O extends ListOperation = ListOperation, M = undefined> {
  /**
   * The law's name under the operation's prefix (`limit-respected` is `ark.limit-respected` on
   * Ark), or, for a law shared across an API's operations or a family, its whole id.
   */
  id: LawName | ((op: O, member: M) => CatalogueId);
  /**
   * Which operations have the law. A type guard narrows the operation every other part reads
   * (e.g. to one with a `limit`).
   */
  appliesTo: ((op: ListOperation) => op is O) | ((op: ListOperation) => boolean);
  /** For a family of laws (one per filter, per item rule, per refusal): its members on an operation. */
  each?(op: O): readonly M[];
  statement: Text<O, M>;
  source(op: O, member: M): Source;
  /** Why nothing may have been judged by the law in a run. */
  unexercised: Text<O, M>;
  /** A check per scope the law judges, in the order docs/laws.md lists the scopes. */
  check: LawChecks<O, M>;
}

/** A law definition, ready for the catalogue. */
export interface LawDefinition {
  appliesTo(op: ListOperation): boolean;
  /** The law on one operation (one per member for a family); none when it does not apply. */
  instantiate(op: ListOperation): Law[];
}

export function defineLaw<O extends ListOperation = ListOperation, M = undefined>(spec: LawSpec<O, M>): LawDefinition {
  const text = (value: Text<O, M>, op: O, member: M) => (typeof value === 'string' ? value : value(op, member));
  const scopes = Object.entries(spec.check) as [LawScope, (subject: never, at: LawAt<O, M>) => Judgement][];
  const appliesTo = (op: ListOperation): op is O => spec.appliesTo(op);
  return {
    appliesTo,
    instantiate(op) {
      if (!appliesTo(op)) return [];
      const members = spec.each ? spec.each(op) : [undefined as M];
      return members.map((member) => {
        const id = typeof spec.id === 'function' ? spec.id(op, member) : lawId(op, spec.id);
        const at: LawAt<O, M> = { op, member, law: { id, source: spec.source(op, member) } };
        return {
          id,
          api: op.api,
          operationId: op.operationId,
          statement: text(spec.statement, op, member),
          source: at.law.source,
          unexercised: text(spec.unexercised, op, member),
          checks: Object.fromEntries(
            scopes.map(([scope, check]) => [scope, (subject: never) => check(subject, at)]),
          ) as Law['checks'],
        };
      });
    },
  };
}

type OptionalKey = {
  [K in keyof ListOperation]-?: undefined extends ListOperation[K] ? K : never;
}[keyof ListOperation];

/** An operation that has these optional parts. */
export type With<K extends OptionalKey> = ListOperation & { [P in K]-?: NonNullable<ListOperation[P]> };

/**
 * `appliesTo` for a law about optional parts of an operation (its limit, its lifecycle, …). Bind
 * it to a constant first: as an inline call in the spec, its guard does not narrow the operation
 * the other parts of the spec read.
 */
export function having<K extends OptionalKey>(...keys: K[]): (op: ListOperation) => op is With<K> {
  return (op): op is With<K> => keys.every((key) => op[key] !== undefined);
}

/** `appliesTo` for a law every operation has. */
export const everyOperation = (_op: ListOperation): boolean => true;
