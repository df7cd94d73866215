import type { EntityTable } from 'dexie';
import type { SyncTelemetryEvent } from '../../sync/engine/telemetry/syncTelemetry';

/**
 * The local sync diagnostics log (schema v20): the engine's `sync_run_completed` events, kept on
 * this device only (Cairn sends no telemetry anywhere), the last 500, oldest dropped first.
 * Not a synced table: nothing here is queued for push.
 */
/** The table's name, also the change-feed table the UI listens to (Settings → Sync diagnostics). */
export const DIAGNOSTICS_TABLE = 'syncDiagnostics';

export interface SyncDiagnosticRow extends SyncTelemetryEvent {
  /** auto-increment: the order events were recorded in */
  seq?: number;
}

export interface SyncDiagnosticsTables {
  syncDiagnostics: EntityTable<SyncDiagnosticRow, 'seq'>;
}

/** Schema v20: the diagnostics log, in recording order. */
export const SYNC_DIAGNOSTICS_TABLES_V20: Record<string, string> = { syncDiagnostics: '++seq' };
