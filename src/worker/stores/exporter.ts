import { strToU8, type Zippable, zipSync } from 'fflate';
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
  const inFolder = await db.notes.filter((n) => isInside(n.folderPath, folder)).toArray();
  // A folder's notes take their attachments along (at attachments/<id>/, from the zip's root).
  const owners = new Set(inFolder.filter((r) => r.fileType === 'markdown').map((r) => r.id));
  const attached = folder
    ? await db.notes.filter((n) => owners.has(attachmentOwner(n.folderPath) ?? '')).toArray()
    : [];
  const rows = [...inFolder, ...attached];
  const files: Zippable = {};
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
  files[BACKUP_MARKER] = [strToU8(JSON.stringify(marker, null, 2)), { level: 6 }];
  if (Object.keys(manifest.notes).length > 0) {
    files[ATTACHMENT_MANIFEST] = [strToU8(JSON.stringify(manifest, null, 2)), { level: 6 }];
  }
  for (const row of rows) {
    const path = pathOf(row);
    if (row.fileType === 'markdown') {
      const body = await db.bodies.get(row.id);
      files[path] = [strToU8(body?.markdown ?? ''), { level: 6, mtime: row.modified }];
    } else {
      const blob = await db.blobs.get(row.id);
      if (blob)
        files[path] = [new Uint8Array(await blob.blob.arrayBuffer()), { level: 0, mtime: row.modified }];
    }
  }
  // Empty folders survive the round trip as directory entries.
  for (const f of await db.folders.toArray()) {
    if (isInside(f.path, folder) && f.path !== folder) {
      const dir = `${strip(f.path)}/`;
      if (!Object.keys(files).some((k) => k.startsWith(dir))) files[dir] = new Uint8Array();
    }
  }
  return zipSync(files);
}
