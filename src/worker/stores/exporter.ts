import { strToU8 } from 'fflate';
import { fail, ok, type Result } from '../../shared/result';
import type { NoteRow, VaultDb } from '../db/schema';
import { ATTACHMENT_MANIFEST, type AttachmentManifest } from '../domain/importExport/attachmentClaims';
import { attachmentOwner } from '../domain/notes/attachments';
import { isInside } from '../domain/notes/paths/folderPath';
import { BACKUP_VERSION, type RecordLine, recordsFile } from '../export/backupFormat';
import { countRecords, inTrash, noteClocks, TransferCancelled, writeRecords } from '../export/exportRecords';
import { BACKUP_MARKER } from '../export/zipSources';
import { createZipWriter } from '../export/zipWriter';
import { toPayload } from '../sync/recordPayloads';

export interface ExportProgress {
  done: number;
  total: number;
}

export interface ExportOptions {
  onProgress?: (p: ExportProgress) => void;
  /** asked between items: true stops the export (nothing is kept; docs/backup.md "Cancel") */
  cancelled?: () => boolean;
}

/**
 * The vault (or one folder and everything below it) as a zip of markdown files and filed files
 * at their vault paths: what an import reads back. Notes are written from the markdown mirror,
 * frontmatter included, byte for byte. Media is stored, not recompressed.
 */
export async function exportZip(db: VaultDb, folder = ''): Promise<Uint8Array> {
  const res = await exportZipBlob(db, folder);
  if (!res.ok) throw new Error(res.error.message);
  return new Uint8Array(await res.value.arrayBuffer());
}

/**
 * The export as a Blob, written as a stream (fflate's Zip, zipWriter.ts): each note, file or
 * record is read, deflated and let go before the next, so the worker never holds the vault as
 * one string or buffer. A whole-vault export also holds every record (exportRecords.ts); a
 * folder export holds that folder's notes and files only. `onProgress` every 50 items;
 * `cancelled` answers `CANCELLED`.
 */
export async function exportZipBlob(
  db: VaultDb,
  folder = '',
  options: ExportOptions | ((p: ExportProgress) => void) = {},
): Promise<Result<Blob>> {
  const { onProgress = () => {}, cancelled = () => false } =
    typeof options === 'function' ? { onProgress: options } : options;
  // what is in the Trash stays out, with the attachments of a note in the Trash (docs/backup.md)
  // one read of the note rows (not their bodies): the Trash, the folder and its attachments
  const all = await db.notes.toArray();
  const trashed = new Set(all.filter((n) => inTrash(n)).map((n) => n.id));
  const live = (n: NoteRow) => !trashed.has(n.id) && !trashed.has(attachmentOwner(n.folderPath) ?? '');
  const inFolder = all.filter((n) => live(n) && isInside(n.folderPath, folder));
  // A folder's notes take their attachments along (at attachments/<id>/, from the zip's root).
  const owners = new Set(inFolder.filter((r) => r.fileType === 'markdown').map((r) => r.id));
  const attached = folder
    ? all.filter((n) => live(n) && owners.has(attachmentOwner(n.folderPath) ?? ''))
    : [];
  const rows = [...inFolder, ...attached];
  const zip = createZipWriter();
  const strip = (p: string) => (folder && p.startsWith(`${folder}/`) ? p.slice(folder.length + 1) : p);
  const pathOf = (row: NoteRow) => {
    const name = row.fileType === 'markdown' ? `${row.title}.md` : row.title;
    const full = row.folderPath === '' ? name : `${row.folderPath}/${name}`;
    return attachmentOwner(row.folderPath) !== null ? full : strip(full);
  };
  // Note ids mean nothing to the importing vault: the manifest names each owner by its path.
  const byId = new Map(rows.map((r) => [r.id, r]));
  const manifest: AttachmentManifest = { version: 1, notes: {} };
  for (const row of rows) {
    const owner = attachmentOwner(row.folderPath);
    const ownerRow = owner === null ? undefined : byId.get(owner);
    if (owner !== null && ownerRow) manifest.notes[owner] = pathOf(ownerRow);
  }
  const whole = folder === '';
  // Marks the zip as Cairn's: its paths are vault paths, never unwrapped on import (zipSources.ts).
  const marker = {
    format: 'cairn-backup',
    version: BACKUP_VERSION,
    exported: new Date().toISOString(),
    folder,
  };
  zip.add(BACKUP_MARKER, strToU8(JSON.stringify(marker, null, 2)));
  if (Object.keys(manifest.notes).length > 0) {
    zip.add(ATTACHMENT_MANIFEST, strToU8(JSON.stringify(manifest, null, 2)));
  }
  const total = rows.length + (whole ? await countRecords(db) : 0);
  let done = 0;
  const tick = () => {
    done++;
    if (done % 50 === 0) onProgress({ done, total });
    return cancelled();
  };
  const stopped = () => fail('CANCELLED', 'The export was cancelled; no file was made.');
  onProgress({ done: 0, total });
  const written: { row: NoteRow; path: string }[] = [];
  for (const row of rows) {
    const path = pathOf(row);
    if (row.fileType === 'markdown') {
      const body = await db.bodies.get(row.id);
      zip.add(path, strToU8(body?.markdown ?? ''), 6, row.modified);
    } else {
      const blob = await db.blobs.get(row.id);
      if (!blob) continue;
      zip.add(path, new Uint8Array(await blob.blob.arrayBuffer()), 0, row.modified);
    }
    written.push({ row, path });
    if (tick()) return stopped();
  }
  // every folder that already holds an entry (an empty one gets a directory entry)
  const filled = new Set<string>();
  for (const name of zip.names) {
    for (let at = name.indexOf('/'); at !== -1; at = name.indexOf('/', at + 1))
      filled.add(name.slice(0, at + 1));
  }
  // Empty folders survive the round trip as directory entries.
  for (const f of await db.folders.toArray()) {
    if (isInside(f.path, folder) && f.path !== folder) {
      const dir = `${strip(f.path)}/`;
      if (!filled.has(dir)) zip.add(dir, new Uint8Array(), 0);
    }
  }
  if (whole) {
    // the notes' records: the id, clock and fields a restore gives back, by the file's path
    const clocks = await noteClocks(db);
    const out = zip.stream(recordsFile('note'));
    out.write('[');
    for (const [i, { row, path }] of written.entries()) {
      // a local-only note stays local-only when restored (the flag is not a synced field)
      const record = { ...toPayload('note', row as never), ...(row.localOnly ? { localOnly: true } : {}) };
      const line: RecordLine = { id: row.id, clock: clocks.get(row.id) ?? {}, record, file: path };
      delete line.record.clock;
      out.write(`${i === 0 ? '\n' : ',\n'}${JSON.stringify(line)}`);
    }
    out.write('\n]\n');
    out.end();
    const paths = new Map(written.map(({ row, path }) => [row.id, path]));
    try {
      await writeRecords(db, zip, (id) => paths.get(id) ?? null, tick);
    } catch (err) {
      if (err instanceof TransferCancelled) return stopped();
      throw err;
    }
  }
  onProgress({ done: total, total });
  return ok(zip.finish());
}
