import Dexie from 'dexie';
import { type CrdtMarkTables, SYNC_ENGINE_TABLES_V12 } from '../crdt/crdtMarks';
import { ATTACHMENT_TABLES_V22, type AttachmentTables } from '../sync/attachmentTables';
import { SYNC_ACK_TABLES_V14, type SyncAckTables } from '../sync/syncAcks';
import { SYNC_DIAGNOSTICS_TABLES_V20, type SyncDiagnosticsTables } from '../sync/syncDiagnosticsTable';
import { AGENT_TABLES, type AgentTables } from './agentTables';
import { DERIVE_TABLES_V15, type DeriveTables } from './deriveTables';
import { EXTRACT_TABLES, type ExtractTables } from './extractTables';
import { vaultDbName } from './names';
import { NOTE_DATE_TABLES_V19, upgradeNoteDatesV19 } from './noteDateTables';
import { NOTE_LAYOUT_TABLES_V18, type NoteLayoutTables } from './noteLayoutTables';
import { NOTES_TABLES_V1, NOTES_TABLES_V2, NOTES_TABLES_V9, type NotesTables } from './notesTables';
import { PLAN_MORE_TABLES, type PlanMoreTables } from './planMoreTables';
import { PLANNING_TABLES, type PlanningTables } from './planningTables';
import { RECORDS_TABLES, type RecordsTables } from './recordsTables';
import { SYNC_TABLES, type SyncTables } from './syncTables';
import { TASK_BOARD_TABLES_V21 } from './taskBoardTables';
import { TASK_LINK_TABLES_V17, upgradeTaskLinksV17 } from './taskLinkTables';

/**
 * One IndexedDB database per vault, named `cairn-vault-<vaultId>`. Each feature declares its
 * tables in its own file; the versions are applied here in order.
 *
 * Change log (never edit a shipped version; add a new one):
 * - 2026-11-21 v1: notes (metadata), bodies (markdown mirror), folders.
 * - 2026-11-21 v2: note bodies as CRDT documents, versions, links, search index (notesTables.ts).
 * - 2026-11-21 v3: tasks, projects, statuses, journal, inbox, tags, canvases, ... (planningTables.ts).
 * - 2026-11-21 v4: sync engine outbox, record clocks, engine state (syncTables.ts).
 * - 2026-11-21 v5: agent approval audit log (agentTables.ts).
 * - 2026-11-21 v6: calendar events, reminders, bookmarks, templates, saved filters, home pages (recordsTables.ts).
 * - 2026-11-21 v7: text extracted from filed PDFs and images, per page, with status (extractTables.ts).
 * - 2026-11-21 v9: search reasons (notesTables.ts).
 * - 2026-11-21 v12: what the sync service holds of each note body (crdtMarks) and the outbox in
 *   push order ([kind+state+enqueuedAt] on syncQueue); ../crdt/crdtMarks.ts.
 * v1 to v5 took their shape during the first session and are first released together with it;
 * from here on a change to any of them is a new version.
 * - 2026-11-21 v11: tag categories, a category index on tag definitions, project links (planMoreTables.ts).
 * - 2026-11-21 v14: what the sync service acknowledged of each record, for orphan repair (sync/syncAcks.ts).
 * - 2026-11-21 v15: notes typed into whose derived data waits (derivePending; deriveTables.ts).
 * - 2026-11-21 v16: the tables of v6, v7, v9 and v14 declared again (LATE_TABLES_V16), unchanged.
 *   Each of those versions landed after a higher one was already applied in development profiles
 *   (v6 after v11, v7 and v9 after v12, v14 after v15), so a profile opened in between never
 *   ran it and lacks its tables; Dexie then patched them in with a "SchemaDiff" warning and a
 *   native version of its own. v16 creates whatever is missing the ordinary way.
 * - 2026-11-21 v17: task link indexes: notes `*linkedTaskIds`, canvases `*cardKeys`, tasks
 *   `sourceNoteId`; the upgrade derives the two new fields of existing rows (taskLinkTables.ts).
 *   Landed after v18: a development profile opened at v18 in between lacks these indexes (delete it).
 * - 2026-11-21 v18: a folder's manual note order, note settings and the calendar's date-property
 *   visibility, all local to the device (noteLayoutTables.ts).
 * - 2026-11-22 v19: the calendar's note dates: notes `*dateKeys` (`date|property`) and
 *   `*dateProps`, derived from the frontmatter; the upgrade fills existing rows (noteDateTables.ts).
 * - 2026-11-22 v20: the local sync diagnostics log, the last 500 `sync_run_completed` events
 *   (sync/syncDiagnosticsTable.ts).
 * - 2026-11-22 v21: tasks `[projectId+statusKey+position]` replaced by
 *   `[projectId+statusKey+parentKey+state+position]`: a board column's counts are index counts
 *   and its cards one exact range (taskBoardTables.ts).
 * - 2026-11-28 v22: file sync (issue 15): attachment manifests (a synced record type), the
 *   attachment upload queue and the download failures of spec 2.12 (sync/attachmentTables.ts).
 */
export type {
  BodyRow,
  CrdtSnapshotRow,
  CrdtUpdateRow,
  FolderRow,
  NoteRow,
  NoteVersionRow,
} from './notesTables';

export type VaultDb = Dexie &
  NotesTables &
  PlanningTables &
  SyncTables &
  AgentTables &
  PlanMoreTables &
  RecordsTables &
  CrdtMarkTables &
  SyncAckTables &
  ExtractTables &
  DeriveTables &
  NoteLayoutTables &
  SyncDiagnosticsTables &
  AttachmentTables;

export { vaultDbName };

/** Schema v16: every table of the versions that landed out of order, as they were declared. */
export const LATE_TABLES_V16: Record<string, string> = {
  ...RECORDS_TABLES,
  ...EXTRACT_TABLES,
  ...NOTES_TABLES_V9,
  ...SYNC_ACK_TABLES_V14,
};

export function openVaultDb(vaultId: string, indexedDB?: IDBFactory, keyRange?: typeof IDBKeyRange): VaultDb {
  const db = new Dexie(
    vaultDbName(vaultId),
    indexedDB && keyRange ? { indexedDB, IDBKeyRange: keyRange } : {},
  ) as VaultDb;
  db.version(1).stores(NOTES_TABLES_V1);
  db.version(2).stores(NOTES_TABLES_V2);
  if (Object.keys(PLANNING_TABLES).length > 0) db.version(3).stores(PLANNING_TABLES);
  db.version(4).stores(SYNC_TABLES);
  db.version(5).stores(AGENT_TABLES);
  db.version(6).stores(RECORDS_TABLES);
  db.version(7).stores(EXTRACT_TABLES);
  db.version(9).stores(NOTES_TABLES_V9);
  db.version(11).stores(PLAN_MORE_TABLES);
  db.version(12).stores(SYNC_ENGINE_TABLES_V12);
  db.version(14).stores(SYNC_ACK_TABLES_V14);
  db.version(15).stores(DERIVE_TABLES_V15);
  db.version(16).stores(LATE_TABLES_V16);
  db.version(17).stores(TASK_LINK_TABLES_V17).upgrade(upgradeTaskLinksV17);
  db.version(18).stores(NOTE_LAYOUT_TABLES_V18);
  db.version(19).stores(NOTE_DATE_TABLES_V19).upgrade(upgradeNoteDatesV19);
  db.version(20).stores(SYNC_DIAGNOSTICS_TABLES_V20);
  db.version(21).stores(TASK_BOARD_TABLES_V21);
  db.version(22).stores(ATTACHMENT_TABLES_V22);
  return db;
}
