import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { NoteRow, VaultDb } from '../db/schema';
import { ATTACHMENT_MANIFEST, type AttachmentManifest } from '../domain/importExport/attachmentClaims';
import { attachmentOwner } from '../domain/notes/attachments';
import { isInside } from '../domain/notes/paths/folderPath';
import { BACKUP_MARKER } from '../export/zipSources';

/**
 * The vault (or one folder and everything below it) as a zip of markdown files and filed files
 * at their vault paths: what an import reads back. Notes are written from the markdown mirror,
 * frontmatter included, byte for byte. Media is stored, not recompressed.
 */
export async function exportZip(db: VaultDb, folder = ''): Promise<Uint8Array> {
  return new Uint8Array(await (await exportZipBlob(db, folder)).arrayBuffer());
}

/**
 * The export as a Blob, written as a stream (fflate's Zip): each note or file is read, deflated
 * and let go before the next, so the worker never holds the vault as one string or buffer.
 * `onProgress` after each item.
 */
export async function exportZipBlob(
  db: VaultDb,
  folder = '',
  onProgress: (p: { done: number; total: number }) => void = () => {},
): Promise<Blob> {
  const inFolder = await db.notes.filter((n) => isInside(n.folderPath, folder)).toArray();
  // A folder's notes take their attachments along (at attachments/<id>/, from the zip's root).
  const owners = new Set(inFolder.filter((r) => r.fileType === 'markdown').map((r) => r.id));
  const attached = folder
    ? await db.notes.filter((n) => owners.has(attachmentOwner(n.folderPath) ?? '')).toArray()
    : [];
  const rows = [...inFolder, ...attached];
  const parts: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else parts.push(chunk);
  });
  const names = new Set<string>();
  const add = (name: string, data: Uint8Array, level: 0 | 6, mtime?: number) => {
    const entry = level === 0 ? new ZipPassThrough(name) : new ZipDeflate(name, { level });
    if (mtime !== undefined) entry.mtime = mtime;
    zip.add(entry);
    entry.push(data, true);
    names.add(name);
  };
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
  // Marks the zip as Cairn's: its paths are vault paths, never unwrapped on import (zipSources.ts).
  const marker = { format: 'cairn-backup', version: 1, exported: new Date().toISOString(), folder };
  add(BACKUP_MARKER, strToU8(JSON.stringify(marker, null, 2)), 6);
  if (Object.keys(manifest.notes).length > 0) {
    add(ATTACHMENT_MANIFEST, strToU8(JSON.stringify(manifest, null, 2)), 6);
  }
  onProgress({ done: 0, total: rows.length });
  for (const [i, row] of rows.entries()) {
    const path = pathOf(row);
    if (row.fileType === 'markdown') {
      const body = await db.bodies.get(row.id);
      add(path, strToU8(body?.markdown ?? ''), 6, row.modified);
    } else {
      const blob = await db.blobs.get(row.id);
      if (blob) add(path, new Uint8Array(await blob.blob.arrayBuffer()), 0, row.modified);
    }
    if (i % 50 === 49 || i === rows.length - 1) onProgress({ done: i + 1, total: rows.length });
  }
  // every folder that already holds an entry (an empty one gets a directory entry)
  const filled = new Set<string>();
  for (const name of names) {
    for (let at = name.indexOf('/'); at !== -1; at = name.indexOf('/', at + 1))
      filled.add(name.slice(0, at + 1));
  }
  // Empty folders survive the round trip as directory entries.
  for (const f of await db.folders.toArray()) {
    if (isInside(f.path, folder) && f.path !== folder) {
      const dir = `${strip(f.path)}/`;
      if (!filled.has(dir)) add(dir, new Uint8Array(), 0);
    }
  }
  zip.end();
  if (failure) throw failure;
  return new Blob(parts as Uint8Array<ArrayBuffer>[], { type: 'application/zip' });
}
