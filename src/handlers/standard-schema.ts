/**
 * A Standard Schema (https://standardschema.dev) over the contract's ajv validators, so the
 * @msw/data store refuses any record that breaks the strict schema, a rule of its API or the order of its times.
 */

import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ApiSet } from '../contract/api-set.js';
import type { ApiName } from '../contract/registry.js';
import { checkItemRule, checkTimeOrders, rulesFor } from '../contract/rules/index.js';
import type { JsonObject, RuleTarget } from '../contract/rules/types.js';
import { validateComponent } from '../contract/validate.js';
import type { Violation } from '../contract/violation.js';

export interface StoredRecord {
  /** Insertion order within the API: creation order, so newest first is seq descending. */
  seq: number;
  /** The session the record belongs to ('' for Praxis sessions themselves). */
  session: string;
  /** The API object exactly as the API returns it. */
  item: JsonObject;
}

/**
 * Records already checked (or built from data checked at build time), by session and seq: the
 * collection copies a record before validating it, so identity cannot tell; this avoids
 * checking the same record twice. One per store, so two mocks never vouch for each other's records.
 */
export class CheckedRecords {
  private readonly keys = new Set<string>();
  private static key(record: StoredRecord): string {
    return `${record.session}\u0000${record.seq}`;
  }
  mark(record: StoredRecord): void {
    this.keys.add(CheckedRecords.key(record));
  }
  /** Forgets a mark that no validation consumed (a create that failed before validating). */
  unmark(record: StoredRecord): void {
    this.keys.delete(CheckedRecords.key(record));
  }
  /** Whether the record was marked, consuming the mark. */
  take(record: StoredRecord): boolean {
    return this.keys.delete(CheckedRecords.key(record));
  }
}

export function contractSchema(
  api: ApiName,
  target: RuleTarget,
  component: string,
  checked: CheckedRecords,
  apis: ApiSet,
): StandardSchemaV1<StoredRecord, StoredRecord> {
  const rules = rulesFor(api, target, apis).filter((rule) => !rule.listOnly);
  return {
    '~standard': {
      version: 1,
      vendor: 'agent-task-contracts',
      validate(value) {
        const record = value as StoredRecord;
        if (record && checked.take(record)) return { value: record };
        if (
          typeof record?.seq !== 'number' ||
          typeof record.session !== 'string' ||
          typeof record.item !== 'object' ||
          record.item === null
        )
          return { issues: [{ message: 'a stored record is { seq: number, session: string, item: object }' }] };
        const violations: Violation[] = validateComponent(api, component, record.item, 'strict', apis);
        for (const rule of rules) violations.push(...checkItemRule(rule, record.item));
        violations.push(...checkTimeOrders(api, target, record.item, '', apis));
        if (violations.length === 0) return { value: record };
        return {
          issues: violations.map((v) => ({
            message: `${v.law}: ${v.message}`,
            path: ['item', ...v.instancePath.split('/').slice(1)],
          })),
        };
      },
    },
  };
}
