/**
 * A Standard Schema (https://standardschema.dev) over the contract's ajv validators, so the
 * @msw/data store refuses any record that breaks the strict schema or a rule of its face.
 */
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { type Face, type JsonObject, type RuleTarget, type Violation, rulesFor, validateComponent } from '../contract/index.js';

export interface StoredRecord {
  /** Insertion order within the face: creation order, so newest first is seq descending. */
  seq: number;
  /** The session the record belongs to ('' for Praxis sessions themselves). */
  session: string;
  /** The API object exactly as the API returns it. */
  item: JsonObject;
}

/**
 * Records already checked (or built from data checked at build time), by session and seq: the
 * collection copies a record before validating it, so identity cannot tell; this avoids
 * checking the same record twice.
 */
const checkedRecords = new Set<string>();
const recordKey = (record: StoredRecord) => `${record.session}\u0000${record.seq}`;
export function markChecked(record: StoredRecord): void {
  checkedRecords.add(recordKey(record));
}
/** Forgets a mark that no validation consumed (a create that failed before validating). */
export function unmarkChecked(record: StoredRecord): void {
  checkedRecords.delete(recordKey(record));
}

export function contractSchema(face: Face, target: RuleTarget, component: string): StandardSchemaV1<StoredRecord, StoredRecord> {
  const rules = rulesFor(face, target).filter((rule) => !rule.listOnly);
  return {
    '~standard': {
      version: 1,
      vendor: 'agent-task-contracts',
      validate(value) {
        const record = value as StoredRecord;
        if (record && checkedRecords.delete(recordKey(record))) return { value: record };
        if (typeof record?.seq !== 'number' || typeof record.session !== 'string' || typeof record.item !== 'object' || record.item === null)
          return { issues: [{ message: 'a stored record is { seq: number, session: string, item: object }' }] };
        const violations: Violation[] = validateComponent(face, component, record.item);
        for (const rule of rules) for (const f of rule.check(record.item)) violations.push({ rule: rule.id, instancePath: f.path, message: f.message, source: rule.source });
        if (violations.length === 0) return { value: record };
        return { issues: violations.map((v) => ({ message: `${v.rule}: ${v.message}`, path: ['item', ...v.instancePath.split('/').slice(1)] })) };
      },
    },
  };
}
