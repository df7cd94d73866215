import { fail, ok, type Result } from '../../shared/result';
import type { ImportSource } from '../stores/importer';
import { EVENTS_FILE, RECORDS_DIR, RESTORE_ORDER, type RecordLine } from './backupFormat';
import { readRecordLines } from './recordLines';

/** What a Cairn backup's records say, read once and checked before anything is written. */
export interface BackupRecords {
  /** each type's records file */
  files: Map<string, ImportSource>;
  /** a note's record by its file's path in the zip */
  notes: Map<string, RecordLine>;
  /** zip paths a record shows (journal markdown, `.canvas`, the `.ics`): restored from records, not imported as files */
  shown: Set<string>;
  /** records to restore (notes not counted) */
  total: number;
  /** records files of a type this build does not know */
  unknown: string[];
}

/**
 * Reads the records files of a backup (`.cairn/records/<type>.json`), each line checked; null
 * when the zip has none (an Obsidian vault, a version 1 export). A line that is not a record
 * line: `IMPORT_BAD_ZIP`, nothing imported.
 */
export async function readBackup(
  zipName: string,
  sources: readonly ImportSource[],
): Promise<Result<BackupRecords | null>> {
  const files = new Map<string, ImportSource>();
  const unknown: string[] = [];
  for (const s of sources) {
    if (!s.path.startsWith(RECORDS_DIR) || !s.path.endsWith('.json')) continue;
    const type = s.path.slice(RECORDS_DIR.length, -'.json'.length);
    if (type === 'note' || RESTORE_ORDER.includes(type)) files.set(type, s);
    else unknown.push(s.path);
  }
  if (files.size === 0) return ok(null);
  const out: BackupRecords = { files, notes: new Map(), shown: new Set(), total: 0, unknown };
  for (const [type, source] of files) {
    const bad = await readRecordLines(source.file, (line) => {
      if (type === 'note') {
        if (line.file) out.notes.set(line.file, line);
        return;
      }
      out.total++;
      if (line.file && (type === 'journal' || type === 'canvas')) out.shown.add(line.file);
    });
    if (bad)
      return fail(
        'IMPORT_BAD_ZIP',
        `"${zipName}" is a damaged Cairn backup (${source.path}: ${bad}). Nothing was imported.`,
      );
  }
  if (files.has('calendar_event')) out.shown.add(EVENTS_FILE);
  return ok(out);
}
