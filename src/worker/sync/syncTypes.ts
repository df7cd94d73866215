import { SYNCED_TABLES } from './syncedTables';

/** The record types this build syncs: exactly the synced tables' types (X-Svc-Sync-Types). */
export const SYNC_RECORD_TYPES: readonly string[] = Object.values(SYNCED_TABLES).map((t) => t.type);

/** `web/<semver>` for x-svc-client; bump with releases that change sync behaviour. */
export const CLIENT_HEADER = 'web/0.1.0';

/**
 * The app version (package.json, defined by the Vite build): the schema-invalid ledger records it,
 * and a different one retries the ledgered items (spec 3.8, 9.9). Code run unbundled (Node tests)
 * has no build constant and says `unbuilt`.
 */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'unbuilt';
