import type { VaultDb } from '../db/schema';

/** What an import finds at the path it is about to write. */
export type Existing = { kind: 'none' } | { kind: 'identical'; id: string } | { kind: 'different' };

/**
 * Compares an incoming note or file with the one already at its folder and title (titles are
 * unique per folder, case-insensitive). Markdown compares by its text, files byte for byte (the
 * size first, so most differing files are told apart without reading them).
 */
export async function sameAsExisting(
  db: VaultDb,
  folderPath: string,
  title: string,
  incoming: { markdown: string } | { blob: Blob },
): Promise<Existing> {
  const row = await db.notes.where('[folderPath+titleKey]').equals([folderPath, title.toLowerCase()]).first();
  if (!row) return { kind: 'none' };
  if ('markdown' in incoming) {
    if (row.fileType !== 'markdown') return { kind: 'different' };
    const body = await db.bodies.get(row.id);
    return body?.markdown === incoming.markdown ? { kind: 'identical', id: row.id } : { kind: 'different' };
  }
  if (row.fileType === 'markdown' || row.size !== incoming.blob.size) return { kind: 'different' };
  const stored = await db.blobs.get(row.id);
  if (!stored) return { kind: 'different' };
  const [a, b] = await Promise.all([stored.blob.arrayBuffer(), incoming.blob.arrayBuffer()]);
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return { kind: 'different' };
  return { kind: 'identical', id: row.id };
}
