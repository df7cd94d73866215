import { strToU8, type Zippable, zipSync } from 'fflate';
import type { VaultDb } from '../db/schema';
import { isInside } from '../domain/notes/paths/folderPath';

/**
 * The vault (or one folder and everything below it) as a zip of markdown files and filed files
 * at their vault paths: what an import reads back. Notes are written from the markdown mirror,
 * frontmatter included, byte for byte. Media is stored, not recompressed.
 */
export async function exportZip(db: VaultDb, folder = ''): Promise<Uint8Array> {
  const rows = await db.notes.filter((n) => isInside(n.folderPath, folder)).toArray();
  const files: Zippable = {};
  const strip = (p: string) => (folder && p.startsWith(`${folder}/`) ? p.slice(folder.length + 1) : p);
  for (const row of rows) {
    const name = row.fileType === 'markdown' ? `${row.title}.md` : row.title;
    const path = strip(row.folderPath === '' ? name : `${row.folderPath}/${name}`);
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
