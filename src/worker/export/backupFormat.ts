import type { VectorClock } from '../domain/clock/vectorClock';

/**
 * The layout of a Cairn backup zip beyond notes and files (docs/backup.md "The export zip").
 * Every record the vault syncs is written, one file per item type, as a JSON array with one
 * element per line (valid JSON for any reader, and read back line by line, never whole):
 * `.cairn/records/<type>.json`. Journal entries, canvases and events are ALSO written in open
 * formats (markdown, JSON Canvas 1.0, iCalendar) for other apps; a restore reads the records,
 * which are lossless, and takes a journal entry's text from its markdown file.
 *
 * Change log: 2026-11-29 version 2: records, journal, canvases, events (version 1: notes, files).
 */
export const BACKUP_VERSION = 2;
export const RECORDS_DIR = '.cairn/records/';
export const recordsFile = (type: string) => `${RECORDS_DIR}${type}.json`;

/** Journal entries as daily notes, like Obsidian's "Daily notes" default: `Journal/2026-11-29.md`. */
export const JOURNAL_FOLDER = 'Journal';
/** Every calendar event in one iCalendar file. */
export const EVENTS_FILE = 'Calendar/events.ics';

/**
 * One line of a records file: the item id (as the sync service names it), its vector clock,
 * the record exactly as it syncs (local-only derived fields left out: they are rebuilt), and
 * for notes, journal entries and canvases the zip path of the file that shows it.
 */
export interface RecordLine {
  id: string;
  clock: VectorClock;
  record: Record<string, unknown>;
  file?: string;
}

/** The record types in restore order: parents before children (projects, statuses, tasks). */
export const RESTORE_ORDER: readonly string[] = [
  'tag_category',
  'property_definition',
  'folder_config',
  'tag_definition',
  'setting',
  'project',
  'project_status',
  'task',
  'journal',
  'inbox_item',
  'canvas',
  'calendar_event',
  'reminder',
  'bookmark',
  'template',
  'saved_filter',
  'home_page',
  'project_link',
];

/**
 * Tables whose rows the backup holds as records: every synced table but notes (written as
 * files, their records beside them) and file manifests (what the sync service holds of a file's
 * bytes: meaningless to another vault), plus the two device-local record tables a user made
 * (tag categories, project links) under types of their own.
 */
export const LOCAL_RECORD_TABLES: Readonly<Record<string, { type: string; key: string }>> = {
  tagCategories: { type: 'tag_category', key: 'id' },
  projectLinks: { type: 'project_link', key: 'id' },
};
export const NOT_BACKED_UP = new Set(['notes', 'attachmentManifests']);
