import type { NoteRow, VaultDb } from '../db/schema';

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

/**
 * `sameAsExisting` for a batch of incoming items: one indexed query for every (folder, title),
 * one bulk read of the bodies it found; a file of the same size is compared byte for byte as
 * above. Answers one `Existing` per item, in order.
 */
export async function sameAsExistingMany(
  db: VaultDb,
  items: readonly { folderPath: string; title: string; incoming: { markdown: string } | { blob: Blob } }[],
): Promise<Existing[]> {
  if (items.length === 0) return [];
  const key = (folder: string, titleKey: string) => `${folder}\u0000${titleKey}`;
  const pairs = items.map((i) => [i.folderPath, i.title.toLowerCase()] as [string, string]);
  const rows = await db.notes.where('[folderPath+titleKey]').anyOf(pairs).toArray();
  // the first row of each key, as `.first()` would answer it (rows come in index order)
  const byKey = new Map<string, NoteRow>();
  for (const r of rows)
    if (!byKey.has(key(r.folderPath, r.titleKey))) byKey.set(key(r.folderPath, r.titleKey), r);
  const found = pairs.map(([f, t]) => byKey.get(key(f, t)));
  const texts = found.map((row, i) =>
    row?.fileType === 'markdown' && 'markdown' in items[i]!.incoming ? row.id : null,
  );
  const bodies = await db.bodies.bulkGet(texts.filter((id): id is string => id !== null));
  const textOf = new Map(bodies.flatMap((b) => (b ? [[b.id, b.markdown] as const] : [])));
  const out: Existing[] = [];
  // one at a time: a file's bytes are read only for a same-size match, never a batch's at once
  for (const [i, item] of items.entries()) {
    const row = found[i];
    if (!row) out.push({ kind: 'none' });
    else if ('markdown' in item.incoming)
      out.push(
        row.fileType === 'markdown' && textOf.get(row.id) === item.incoming.markdown
          ? { kind: 'identical', id: row.id }
          : { kind: 'different' },
      );
    else out.push(await sameAsExisting(db, item.folderPath, item.title, item.incoming));
  }
  return out;
}
