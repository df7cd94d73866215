import type { Result } from '../../shared/result';
import type { NoteRow, VaultDb } from '../db/schema';
import { ATTACHMENT_MANIFEST, claimAttachments, readManifest } from '../domain/importExport/attachmentClaims';
import { type ImportEntry, planImport, type Skipped } from '../domain/importExport/importPlan';
import { RECORDS_DIR } from '../export/backupFormat';
import { sameAsExisting } from '../export/sameAsExisting';
import { BACKUP_MARKER, isZip, readZip } from '../export/zipSources';
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
}

const BATCH = 25;

/**
 * Imports a folder of markdown files and attachments: planned first (what becomes what, what is
 * skipped and why), then written in batches of 25 items, one transaction each, reporting
 * progress after each batch. Notes keep their frontmatter and text byte for byte. Files at
 * `attachments/<id>/<name>` of an export come back as attachments of their notes
 * (attachmentClaims.ts), after the notes, so their embeds resolve to them.
 */
export async function importFiles(
  notes: NotesStore,
  given: readonly ImportSource[],
  targetFolder: string,
  onProgress: (p: ImportProgress) => void,
  /** when given, a file identical to the one at its path is skipped (docs/backup.md) */
  db?: VaultDb,
): Promise<Result<ImportSummary>> {
  const sources: ImportSource[] = [];
  for (const s of given) {
    if (!isZip(s)) sources.push(s);
    else {
      const inside = await readZip(s);
      if (!inside.ok) return inside;
      sources.push(...inside.value);
    }
  }
  const entries: ImportEntry[] = sources.map((s) => ({ path: s.path, size: s.file.size, mime: s.file.type }));
  const manifestSource = sources.find((s) => s.path === ATTACHMENT_MANIFEST);
  const manifest = manifestSource ? readManifest(await manifestSource.file.text()) : null;
  const claims = await claimAttachments(
    sources.map((s) => s.path),
    manifest,
    (i) => sources[i]!.file.text(),
  );
  const claimed = new Set(claims.map((c) => c.entry));
  const planned = planImport(entries, targetFolder);
  const plan = {
    items: planned.items.filter((i) => !claimed.has(i.entry)),
    // the manifest was read, not skipped
    skipped: planned.skipped.filter(
      (k) =>
        !(manifest && k.path === ATTACHMENT_MANIFEST) &&
        k.path !== BACKUP_MARKER &&
        !k.path.startsWith(RECORDS_DIR),
    ),
  };
  const summary: ImportSummary = {
    notes: 0,
    files: 0,
    attachments: 0,
    skipped: plan.skipped,
    renamed: [],
    created: [],
  };
  const idOfEntry = new Map<number, string>();
  const total = plan.items.length + claims.length;
  onProgress({ done: 0, total });
  for (let start = 0; start < plan.items.length; start += BATCH) {
    const slice: typeof plan.items = [];
    const batch: NewItem[] = [];
    for (const item of plan.items.slice(start, start + BATCH)) {
      const src = sources[item.entry]!;
      const times = src.lastModified ? { created: src.lastModified, modified: src.lastModified } : {};
      const next: NewItem =
        item.kind === 'markdown'
          ? {
              kind: 'markdown',
              title: item.title,
              folderPath: item.folderPath,
              markdown: await src.file.text(),
              ...times,
            }
          : {
              kind: item.kind,
              title: item.title,
              folderPath: item.folderPath,
              mime: item.mime,
              blob: src.file,
              ...times,
            };
      if (db) {
        const found = await sameAsExisting(db, item.folderPath, item.title, next);
        if (found.kind === 'identical') {
          summary.skipped.push({ path: src.path, reason: 'identical to the one already in the vault' });
          continue;
        }
      }
      slice.push(item);
      batch.push(next);
    }
    const res = await notes.insertMany(batch);
    if (!res.ok)
      return {
        ok: false,
        error: { ...res.error, message: `Import stopped after ${start} items: ${res.error.message}` },
      };
    res.value.forEach((row, i) => {
      idOfEntry.set(slice[i]!.entry, row.id);
      summary.created.push({
        id: row.id,
        title: row.title,
        fileType: row.fileType,
        path: sources[slice[i]!.entry]!.path,
      });
      const item = slice[i]!;
      if (row.title !== item.title) {
        const where = item.folderPath === '' ? 'the vault' : `"${item.folderPath}"`;
        summary.renamed.push({
          path: sources[item.entry]!.path,
          as: item.folderPath === '' ? row.title : `${item.folderPath}/${row.title}`,
          reason: `a different "${item.title}" is already in ${where}; both are kept`,
        });
      }
      if (row.fileType === 'markdown') summary.notes++;
      else summary.files++;
    });
    onProgress({ done: Math.min(plan.items.length, start + BATCH), total });
  }
  for (const [i, claim] of claims.entries()) {
    const noteId = idOfEntry.get(claim.note);
    const src = sources[claim.entry]!;
    // the note was skipped (too large, hidden): its attachment has no note to come back to
    if (noteId === undefined) summary.skipped.push({ path: src.path, reason: 'its note was not imported' });
    else {
      const res = await notes.attachments.upload(noteId, claim.name, src.file, src.file.type);
      if (!res.ok) summary.skipped.push({ path: src.path, reason: res.error.message });
      else summary.attachments++;
    }
    onProgress({ done: plan.items.length + i + 1, total });
  }
  return { ok: true, value: summary };
}
