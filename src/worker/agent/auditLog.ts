import type { AgentAuditRow } from '../db/agentTables';

/** The storage the audit log needs: append a row, read the newest. Dexie's table in the worker. */
export interface AuditStore {
  add(row: AgentAuditRow): Promise<unknown>;
  newest(limit: number): Promise<AgentAuditRow[]>;
}

/** An audit entry as the settings view shows it. */
export type AuditEntry = Required<AgentAuditRow>;

/** The Dexie table behind `AuditStore` (newest first by `at`, then by insertion order). */
export function dexieAuditStore(table: {
  add(row: AgentAuditRow): Promise<unknown>;
  orderBy(index: string): { reverse(): { limit(n: number): { toArray(): Promise<AgentAuditRow[]> } } };
}): AuditStore {
  return {
    add: (row) => table.add(row),
    newest: (limit) => table.orderBy('seq').reverse().limit(limit).toArray(),
  };
}

export function isAuditEntry(row: AgentAuditRow): row is AuditEntry {
  return typeof row.seq === 'number';
}
