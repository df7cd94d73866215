import { SYNCED_TABLES } from './syncedTables';

/** The record types this build syncs: exactly the synced tables' types (X-Svc-Sync-Types). */
export const SYNC_RECORD_TYPES: readonly string[] = Object.values(SYNCED_TABLES).map((t) => t.type);

/** `web/<semver>` for x-svc-client; bump with releases that change sync behaviour. */
export const CLIENT_HEADER = 'web/0.1.0';
