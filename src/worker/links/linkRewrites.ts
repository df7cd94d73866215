import type { VaultDb } from '../db/schema';
import { splitFrontmatter } from '../domain/notes/frontmatter/splitFrontmatter';
import { linksToCheck, type PendingLink, rewriteEdits } from '../domain/notes/links/rewriteLinks';
import type { NoteBodies } from '../stores/noteBodies';
import type { HeaderChange, LinkIndex } from './linkIndex';

interface Source {
  id: string;
  body: string;
  offset: number;
  folderBefore: string;
  pending: PendingLink[];
}

/**
 * Keeps links pointing at renamed or moved notes (docs/links.md, "Rename keeps links"). Two
 * steps inside the rename's one transaction: `prepare` runs while the resolver still knows the old
 * headers (which links reached the changed notes: read from the stored `links` rows, so only
 * linking notes are read, never the whole vault); `apply` runs after the headers changed and
 * writes the edits through each note's CRDT text. Returns the callbacks to run after commit.
 */
export async function prepareLinkRewrites(
  db: VaultDb,
  links: LinkIndex,
  headers: readonly HeaderChange[],
): Promise<Source[]> {
  await links.ensureLoaded();
  const changed = new Map<string, HeaderChange>();
  for (const h of headers) if (h.before && h.after) changed.set(h.after.id, h);
  if (changed.size === 0) return [];
  const moved = new Set(
    [...changed.values()]
      .filter((h) => h.before?.folder_path !== h.after?.folder_path)
      .map((h) => h.after!.id),
  );
  const linking = await db.links
    .where('to_id')
    .anyOf([...changed.keys()])
    .toArray();
  const ids = [...new Set([...linking.map((r) => r.from_id), ...moved])];
  const rows = await db.notes.bulkGet(ids);
  const bodies = await db.bodies.bulkGet(ids);
  const sources: Source[] = [];
  rows.forEach((row, i) => {
    if (row?.fileType !== 'markdown') return;
    const markdown = bodies[i]?.markdown ?? '';
    const split = splitFrontmatter(markdown);
    const offset = markdown.length - split.body.length;
    const folderBefore = changed.get(row.id)?.before?.folder_path ?? row.folderPath;
    const pending = linksToCheck(
      split.body,
      { id: row.id, folderBefore },
      (t, f, s) => links.resolver.resolve(t, f, s)?.header.id ?? null,
      (id) => changed.has(id),
      moved.has(row.id),
    );
    if (pending.length > 0) sources.push({ id: row.id, body: split.body, offset, folderBefore, pending });
  });
  return sources;
}

export async function applyLinkRewrites(
  links: LinkIndex,
  bodies: NoteBodies,
  sources: readonly Source[],
  folderAfter: (id: string) => string,
): Promise<{ linkIds: string[]; rewritten: string[]; publish: () => void }> {
  const items = sources.map((s) => ({
    id: s.id,
    edits: rewriteEdits(
      s.body,
      s.pending,
      { id: s.id, folderAfter: folderAfter(s.id) },
      (t, f, id) => links.resolver.resolve(t, f, id)?.header.id ?? null,
      (id) => links.resolver.get(id),
      s.offset,
    ),
  }));
  return bodies.editManyInTx(items);
}
