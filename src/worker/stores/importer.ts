import { fail, type Result } from '../../shared/result';
import type { NoteRow, VaultDb } from '../db/schema';
import { ATTACHMENT_MANIFEST, claimAttachments, readManifest } from '../domain/importExport/attachmentClaims';
import { type ImportEntry, planImport, type Skipped } from '../domain/importExport/importPlan';
import { BACKUP_VERSION, RECORDS_DIR } from '../export/backupFormat';
import { importCanvasFiles, isCanvasFile } from '../export/importCanvases';
import { type BackupRecords, readBackup } from '../export/readBackup';
import { type RecordsSummary, restoreRecords } from '../export/restoreRecords';
import { sameAsExistingMany } from '../export/sameAsExisting';
import { BACKUP_MARKER, isZip, readZip } from '../export/zipSources';
import type { VaultServices } from '../vault/services';
import type { NewItem, NotesStore } from './notesStore';

export interface ImportSource {
  /** path inside the imported folder (`sub/Note.md`), or the bare file name */
  path: string;
  file: Blob;
  lastModified?: number;
}

export interface ImportProgress {
  done: number;
  total: number;
}

export interface ImportSummary {
  notes: number;
  files: number;
  /** files at `attachments/<id>/<name>` that came back as attachments of their notes */
  attachments: number;
  skipped: Skipped[];
  /** imported under another name than the file's, and why (a different note already had it) */
  renamed: { path: string; as: string; reason: string }[];
  /** what was created, in order (a drop into the editor links each one) */
  created: { id: string; title: string; fileType: NoteRow['fileType']; path: string }[];
  /** `.canvas` files imported as canvases */
  canvases: number;
  /** a Cairn backup's records (docs/backup.md "Restore"); absent when the import had none */
  records?: RecordsSummary;
  /** stopped by Cancel: what is counted here was imported and stays (docs/backup.md "Cancel") */
  cancelled?: boolean;
}

export interface ImportOptions {
  /** the vault's services: a backup's records are restored and `.canvas` files imported only with them */
  services?: VaultServices;
  /** asked between batches: true stops the import at the next safe point */
  cancelled?: () => boolean;
}

/**
 * Notes and files per transaction: the first batch small (progress shows at once, a crash or a
 * cancel early in an import loses little), each next one twice as large up to MAX_BATCH, and
 * never much over BATCH_BYTES of files (a batch's texts are in memory together).
 */
const FIRST_BATCH = 25;
const MAX_BATCH = 400;
const BATCH_BYTES = 8 * 1024 * 1024;

/**
 * Imports a folder of markdown files and attachments: planned first (what becomes what, what is
 * skipped and why), then written in batches (25 items, growing to 400), one transaction each, reporting
 * progress after each batch. Notes keep their frontmatter and text byte for byte. Files at
 * `attachments/<id>/<name>` of an export come back as attachments of their notes
 * (attachmentClaims.ts), after the notes, so their embeds resolve to them. With the vault's
 * services: `.canvas` files become canvases, and a Cairn backup's records are restored, notes
 * keeping their ids (docs/backup.md "Restore"). `options.cancelled` stops it between batches.
 */
export async function importFiles(
  notes: NotesStore,
  given: readonly ImportSource[],
  targetFolder: string,
  onProgress: (p: ImportProgress) => void,
  /** when given, a file identical to the one at its path is skipped (docs/backup.md) */
  db?: VaultDb,
  options: ImportOptions = {},
): Promise<Result<ImportSummary>> {
  const { services, cancelled = () => false } = options;
  const sources: ImportSource[] = [];
  for (const s of given) {
    if (!isZip(s)) sources.push(s);
    else {
      const inside = await readZip(s);
      if (!inside.ok) return inside;
      sources.push(...inside.value);
    }
  }
  const zipName = given.length === 1 ? given[0]!.path : 'the import';
  const markerSource = sources.find((s) => s.path === BACKUP_MARKER);
  if (markerSource) {
    const version = backupVersion(await markerSource.file.text());
    if (version > BACKUP_VERSION)
      return fail(
        'IMPORT_BAD_ZIP',
        `"${zipName}" was made by a newer Cairn (backup version ${version}); update Cairn to import it. Nothing was imported.`,
      );
  }
  let backup: BackupRecords | null = null;
  if (services) {
    const read = await readBackup(zipName, sources);
    if (!read.ok) return read;
    backup = read.value;
  }
  // what a backup's records restore, and the `.canvas` files, are not planned as notes or files
  const shown = backup?.shown ?? new Set<string>();
  const canvasFiles = services ? sources.filter((s) => isCanvasFile(s.path) && !shown.has(s.path)) : [];
  const asFiles = sources.filter((s) => !shown.has(s.path) && !(services && isCanvasFile(s.path)));
  const entries: ImportEntry[] = asFiles.map((s) => ({ path: s.path, size: s.file.size, mime: s.file.type }));
  const manifestSource = asFiles.find((s) => s.path === ATTACHMENT_MANIFEST);
  const manifest = manifestSource ? readManifest(await manifestSource.file.text()) : null;
  const claims = await claimAttachments(
    asFiles.map((s) => s.path),
    manifest,
    (i) => asFiles[i]!.file.text(),
  );
  const claimed = new Set(claims.map((c) => c.entry));
  const planned = planImport(entries, targetFolder);
  const plan = {
    items: planned.items.filter((i) => !claimed.has(i.entry)),
    // the manifest, the marker and the records were read, not skipped
    skipped: planned.skipped.filter(
      (k) =>
        !(manifest && k.path === ATTACHMENT_MANIFEST) &&
        k.path !== BACKUP_MARKER &&
        // records are restored with the vault's services (the Import buttons), else left out
        !(k.path.startsWith(RECORDS_DIR) && !backup?.unknown.includes(k.path)),
    ),
  };
  const nothing = plan.items.length === 0 && claims.length === 0 && canvasFiles.length === 0 && !backup;
  if (nothing && given.length > 0 && given.every(isZip) && sources.length > 0)
    return fail(
      'IMPORT_BAD_ZIP',
      `"${zipName}" holds nothing Cairn can import: no markdown notes, PDFs, images, audio, video, canvases or Cairn records. Nothing was imported.`,
    );
  const summary: ImportSummary = {
    notes: 0,
    files: 0,
    attachments: 0,
    skipped: plan.skipped,
    renamed: [],
    created: [],
    canvases: 0,
  };
  const idOfEntry = new Map<number, string>();
  /** a backed-up note's id → the note it is here (created, or the identical one already here) */
  const noteIds = new Map<string, string>();
  const total = plan.items.length + claims.length + canvasFiles.length + (backup?.total ?? 0);
  let done = 0;
  const stop = () => {
    summary.cancelled = true;
    return { ok: true as const, value: summary };
  };
  onProgress({ done: 0, total });
  let at = 0;
  let size = FIRST_BATCH;
  while (at < plan.items.length) {
    if (cancelled()) return stop();
    const start = at;
    const picked: typeof plan.items = [];
    let bytes = 0;
    while (at < plan.items.length && picked.length < size && (picked.length === 0 || bytes < BATCH_BYTES)) {
      const item = plan.items[at++]!;
      bytes += asFiles[item.entry]!.file.size;
      picked.push(item);
    }
    size = Math.min(MAX_BATCH, size * 2);
    const nexts: NewItem[] = [];
    for (const item of picked) {
      const src = asFiles[item.entry]!;
      const kept = backup?.notes.get(src.path);
      const times = src.lastModified ? { created: src.lastModified, modified: src.lastModified } : {};
      const restored = kept ? restoredFields(kept.id, kept.record) : {};
      nexts.push(
        item.kind === 'markdown'
          ? {
              kind: 'markdown',
              title: item.title,
              folderPath: item.folderPath,
              markdown: await src.file.text(),
              ...times,
              ...restored,
            }
          : {
              kind: item.kind,
              title: item.title,
              folderPath: item.folderPath,
              mime: item.mime,
              blob: src.file,
              ...times,
              ...restored,
            },
      );
    }
    const found = db
      ? await sameAsExistingMany(
          db,
          picked.map((item, i) => ({
            folderPath: item.folderPath,
            title: item.title,
            incoming: nexts[i] as { markdown: string } | { blob: Blob },
          })),
        )
      : [];
    const slice: typeof plan.items = [];
    const batch: NewItem[] = [];
    picked.forEach((item, i) => {
      const src = asFiles[item.entry]!;
      const same = found[i];
      if (same?.kind === 'identical') {
        idOfEntry.set(item.entry, same.id);
        const kept = backup?.notes.get(src.path);
        if (kept) noteIds.set(kept.id, same.id);
        summary.skipped.push({ path: src.path, reason: 'identical to the one already in the vault' });
        return;
      }
      slice.push(item);
      batch.push(nexts[i]!);
    });
    // a batch wholly identical to what is here writes nothing
    const res = batch.length > 0 ? await notes.insertMany(batch) : { ok: true as const, value: [] };
    if (!res.ok)
      return {
        ok: false,
        error: { ...res.error, message: `Import stopped after ${start} items: ${res.error.message}` },
      };
    res.value.forEach((row, i) => {
      const item = slice[i]!;
      const src = asFiles[item.entry]!;
      idOfEntry.set(item.entry, row.id);
      const kept = backup?.notes.get(src.path);
      if (kept) noteIds.set(kept.id, row.id);
      summary.created.push({ id: row.id, title: row.title, fileType: row.fileType, path: src.path });
      if (row.title !== item.title) {
        const where = item.folderPath === '' ? 'the vault' : `"${item.folderPath}"`;
        summary.renamed.push({
          path: src.path,
          as: item.folderPath === '' ? row.title : `${item.folderPath}/${row.title}`,
          reason: `a different "${item.title}" is already in ${where}; both are kept`,
        });
      }
      if (row.fileType === 'markdown') summary.notes++;
      else summary.files++;
    });
    done = at;
    onProgress({ done, total });
  }
  for (const claim of claims) {
    if (cancelled()) return stop();
    const noteId = idOfEntry.get(claim.note);
    const src = asFiles[claim.entry]!;
    // the note was skipped (too large, hidden): its attachment has no note to come back to
    if (noteId === undefined) summary.skipped.push({ path: src.path, reason: 'its note was not imported' });
    else {
      const res = await notes.attachments.upload(noteId, claim.name, src.file, src.file.type);
      if (!res.ok) summary.skipped.push({ path: src.path, reason: res.error.message });
      else summary.attachments++;
    }
    onProgress({ done: ++done, total });
  }
  if (services && canvasFiles.length > 0) {
    if (cancelled()) return stop();
    const idOfPath = new Map<string, string>();
    for (const [entry, id] of idOfEntry) idOfPath.set(asFiles[entry]!.path.toLowerCase(), id);
    const res = await importCanvasFiles(
      services,
      canvasFiles,
      targetFolder,
      (path) => idOfPath.get(path.toLowerCase()) ?? null,
    );
    summary.canvases = res.created.length;
    summary.renamed.push(...res.renamed);
    summary.skipped.push(...res.skipped);
    done += canvasFiles.length;
    onProgress({ done, total });
  }
  if (services && backup) {
    const byPath = new Map(sources.map((s) => [s.path, s]));
    const res = await restoreRecords(
      services,
      backup,
      noteIds,
      (path) => byPath.get(path),
      () => {
        if (++done % 50 === 0) onProgress({ done, total });
      },
      cancelled,
    );
    summary.records = res.summary;
    if (res.stopped) return stop();
    onProgress({ done: total, total });
  }
  return { ok: true, value: summary };
}

/** What a note's record gives back beyond its file (docs/backup.md "Restore"). */
function restoredFields(id: string, record: Record<string, unknown>) {
  return {
    id,
    ...(typeof record.emoji === 'string' ? { emoji: record.emoji } : {}),
    ...(record.localOnly === true ? { localOnly: true } : {}),
    ...(typeof record.created === 'number' ? { created: record.created } : {}),
    ...(typeof record.modified === 'number' ? { modified: record.modified } : {}),
  };
}

function backupVersion(text: string): number {
  try {
    const v = (JSON.parse(text) as { version?: unknown }).version;
    return typeof v === 'number' ? v : 1;
  } catch {
    return 1;
  }
}
