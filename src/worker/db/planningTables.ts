import type { EntityTable } from 'dexie';

/**
 * Tables of the planning half of the vault (tasks, projects, statuses, journal, inbox, tags,
 * canvases, ...), applied as schema version 3. Empty until that half lands.
 */
export type PlanningTables = Record<never, EntityTable<never, never>>;

export const PLANNING_TABLES: Record<string, string> = {};
