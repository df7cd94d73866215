/**
 * Which Dexie tables sync, under which item type, and where their clock lives.
 * `clockOnRow`: the row carries its own `clock` (tasks, projects, statuses, journal, inbox, tags,
 * canvases, settings, and the records of schema v6); otherwise the record clock is kept by the outbox in `syncClocks` (notes,
 * property definitions, folder configuration).
 * `key`: the row's primary key field. The item id is that key, except where `idOf`/`keyOf` say
 * otherwise (a folder configuration of the vault root has the key '' and the id '/', because an
 * item id is never empty).
 * Tables not listed here never enter the outbox (local-only state, derived indexes).
 */
export interface SyncedTable {
  type: string;
  clockOnRow: boolean;
  key: string;
  idOf?: (key: string) => string;
  keyOf?: (id: string) => string;
}

const ROOT_FOLDER_ID = '/';

export const SYNCED_TABLES: Readonly<Record<string, SyncedTable>> = {
  notes: { type: 'note', clockOnRow: false, key: 'id' },
  tasks: { type: 'task', clockOnRow: true, key: 'id' },
  projects: { type: 'project', clockOnRow: true, key: 'id' },
  statuses: { type: 'project_status', clockOnRow: true, key: 'id' },
  journal: { type: 'journal', clockOnRow: true, key: 'id' },
  inbox: { type: 'inbox_item', clockOnRow: true, key: 'id' },
  tagDefs: { type: 'tag_definition', clockOnRow: true, key: 'key' },
  propertyDefinitions: { type: 'property_definition', clockOnRow: false, key: 'nameKey' },
  folderViews: {
    type: 'folder_config',
    clockOnRow: false,
    key: 'path',
    idOf: (path) => (path === '' ? ROOT_FOLDER_ID : path),
    keyOf: (id) => (id === ROOT_FOLDER_ID ? '' : id),
  },
  canvases: { type: 'canvas', clockOnRow: true, key: 'id' },
  settings: { type: 'setting', clockOnRow: true, key: 'key' },
  calendarEvents: { type: 'calendar_event', clockOnRow: true, key: 'id' },
  reminders: { type: 'reminder', clockOnRow: true, key: 'id' },
  bookmarks: { type: 'bookmark', clockOnRow: true, key: 'id' },
  templates: { type: 'template', clockOnRow: true, key: 'id' },
  savedFilters: { type: 'saved_filter', clockOnRow: true, key: 'id' },
  homePages: { type: 'home_page', clockOnRow: true, key: 'id' },
  // a file's manifest (issue 15; attachmentTables.ts): keyed by the file's id
  attachmentManifests: { type: 'attachment_manifest', clockOnRow: true, key: 'fileId' },
};

/** Yjs updates of note (and journal) bodies: each added row becomes one append-only body row. */
export const BODY_UPDATES_TABLE = 'crdtUpdates';

/** The pseudo-type of body rows in the outbox (the `note_body` declaration token of spec 4.1). */
export const NOTE_BODY_TYPE = 'note_body';

export const isTrackedTable = (name: string) => name in SYNCED_TABLES || name === BODY_UPDATES_TABLE;

export const tableOfType = (type: string): string | null =>
  Object.entries(SYNCED_TABLES).find(([, t]) => t.type === type)?.[0] ?? null;

/** The item id of a row's primary key. */
export const itemIdOf = (spec: SyncedTable, key: unknown): string => spec.idOf?.(String(key)) ?? String(key);

/** The primary key of an item id. */
export const rowKeyOf = (spec: SyncedTable, id: string): string => spec.keyOf?.(id) ?? id;
