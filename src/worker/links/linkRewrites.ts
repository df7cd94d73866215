import type { NoteRow, StoredLinkRow } from '../db/notesTables';
import { rowsWithAnyOf } from '../db/rowsWithAnyOf';
import type { VaultDb } from '../db/schema';
import { splitFrontmatter } from '../domain/notes/frontmatter/splitFrontmatter';
import { linkRowOf } from '../domain/notes/links/linkRows';
import { type ParsedLink, parseLinks } from '../domain/notes/links/parseLinks';
import {
  linksToCheck,
  type PendingLink,
  rewriteEdits,
  type TextEdit,
} from '../domain/notes/links/rewriteLinks';
import type { HeaderChange, KnownRows, LinkIndex } from './linkIndex';

export interface RewriteSource {
  id: string;
  /** the note's row as read in the transaction (the rewrite writes it back with its new text) */
  row: NoteRow;
  body: string;
  offset: number;
  folderBefore: string;
  /** the note itself moved: every resolved link of it is checked */
  moved: boolean;
  /** two of its links overlap (a wiki link inside a markdown link's text) */
  nested: boolean;
  pending: PendingLink[];
}

/**
 * Keeps links pointing at renamed or moved notes (docs/links.md, "Rename keeps links"). Two
 * steps inside the rename's one transaction: `prepare` runs while the resolver still knows the old
 * headers (which links reached the changed notes: read from the stored `links` rows, so only
 * linking notes are read, never the whole vault; `alsoRead` reads more of them at the same time);
 * `plan` runs once the resolver knows the new
 * headers and answers each note's text edits and the link rows they change.
 */
export async function prepareLinkRewrites<T>(
  db: VaultDb,
  links: LinkIndex,
  headers: readonly HeaderChange[],
  alsoRead: (ids: string[]) => Promise<T>,
): Promise<{ sources: RewriteSource[]; known: KnownRows; also: T }> {
  await links.ensureLoaded();
  const changed = new Map<string, HeaderChange>();
  for (const h of headers) if (h.before && h.after) changed.set(h.after.id, h);
  if (changed.size === 0)
    return { sources: [], known: { toIds: new Set(), rows: [] }, also: await alsoRead([]) };
  const moved = new Set(
    [...changed.values()]
      .filter((h) => h.before?.folder_path !== h.after?.folder_path)
      .map((h) => h.after!.id),
  );
  const linking = await rowsWithAnyOf(db.links, 'to_id', [...changed.keys()]);
  const ids = [...new Set([...linking.map((r) => r.from_id), ...moved])];
  // what the rewrite reads of the linking notes later (their CRDT states) is read with them
  const [rows, bodies, also] = await Promise.all([
    db.notes.bulkGet(ids),
    db.bodies.bulkGet(ids),
    alsoRead(ids),
  ]);
  const sources: RewriteSource[] = [];
  rows.forEach((row, i) => {
    if (row?.fileType !== 'markdown') return;
    const markdown = bodies[i]?.markdown ?? '';
    const split = splitFrontmatter(markdown);
    const offset = markdown.length - split.body.length;
    const folderBefore = changed.get(row.id)?.before?.folder_path ?? row.folderPath;
    const parsed = parseLinks(split.body);
    const pending = linksToCheck(
      split.body,
      { id: row.id, folderBefore },
      (t, f, s) => links.resolver.resolve(t, f, s)?.header.id ?? null,
      (id) => changed.has(id),
      moved.has(row.id),
      parsed,
    );
    if (pending.length === 0) return;
    const nested = parsed.some((l, k) => k > 0 && l.start < (parsed[k - 1] as ParsedLink).end);
    sources.push({
      id: row.id,
      row,
      body: split.body,
      offset,
      folderBefore,
      moved: moved.has(row.id),
      nested,
      pending,
    });
  });
  return { sources, known: { toIds: new Set(changed.keys()), rows: linking }, also };
}

export interface RewritePlan {
  /** each note's edits, in its current text's offsets */
  items: { id: string; row: NoteRow; edits: TextEdit[] }[];
  /** the new link rows of the rewritten links, each in its old row's place (same seq) */
  rows: StoredLinkRow[];
  /** the old rows those replace */
  replaced: StoredLinkRow[];
  /** notes whose link rows are written from their whole new text instead (see below) */
  recompute: Set<string>;
}

// Characters that can open or close code or a comment (maskCode): an edit holding none of them
// leaves every other link of the note as it was parsed.
const MASKING = /[`\n\r]|%%|<!--|-->/;

/**
 * Phase two, once the resolver holds the new headers: the edits that make every link reach its
 * note again, and the link rows they change. Only the rewritten links' rows change (a rewrite
 * inserts no line break, so every other link keeps its text and line), and each is the stored
 * row that link had, found among the rows read by `prepare` (in order, field by field) and given
 * its new target. A note where that cannot be shown (it moved, its links overlap, an edit holds
 * code or comment marks, or its stored rows differ from its text) has every row written from its
 * new text instead (`recompute`).
 */
export function planLinkRewrites(
  links: LinkIndex,
  sources: readonly RewriteSource[],
  known: KnownRows,
  folderAfter: (id: string) => string,
): RewritePlan {
  const byFrom = new Map<string, StoredLinkRow[]>();
  for (const r of [...known.rows].sort((a, b) => (a.seq as number) - (b.seq as number)))
    byFrom.set(r.from_id, [...(byFrom.get(r.from_id) ?? []), r]);
  const plan: RewritePlan = { items: [], rows: [], replaced: [], recompute: new Set() };
  const resolve = (t: string, f: string, id: string) => links.resolver.resolve(t, f, id);
  for (const s of sources) {
    const folder = folderAfter(s.id);
    const edits = rewriteEdits(
      s.body,
      s.pending,
      { id: s.id, folderAfter: folder },
      (t, f, id) => resolve(t, f, id)?.header.id ?? null,
      (id) => links.resolver.get(id),
      s.offset,
    );
    if (edits.length > 0) plan.items.push({ id: s.id, row: s.row, edits });
    const rows =
      s.moved || s.nested ? null : rewrittenRows(s, byFrom.get(s.id) ?? [], edits, folder, resolve);
    if (rows === null) plan.recompute.add(s.id);
    else
      for (const [old, next] of rows) {
        plan.replaced.push(old);
        plan.rows.push(next);
      }
  }
  return plan;
}

/** The [old, new] rows of the edited links, or null when the stored rows do not match the text. */
function rewrittenRows(
  s: RewriteSource,
  stored: readonly StoredLinkRow[],
  edits: readonly TextEdit[],
  folder: string,
  resolve: (t: string, f: string, id: string) => ReturnType<LinkIndex['resolver']['resolve']>,
): [StoredLinkRow, StoredLinkRow][] | null {
  // the stored rows pointing at changed notes are, in order, the pending links
  if (stored.length !== s.pending.length) return null;
  const rowAt = new Map<number, StoredLinkRow>();
  for (const [k, { link, beforeId }] of s.pending.entries()) {
    const row = stored[k] as StoredLinkRow;
    if (row.to_id !== beforeId || !sameLink(row, link)) return null;
    rowAt.set(link.start + s.offset, row);
  }
  const out: [StoredLinkRow, StoredLinkRow][] = [];
  for (const e of edits) {
    const row = rowAt.get(e.start);
    if (!row || MASKING.test(e.insert) || MASKING.test(s.body.slice(e.start - s.offset, e.end - s.offset)))
      return null;
    const [link, ...more] = parseLinks(e.insert);
    if (!link || more.length > 0 || link.start !== 0 || link.end !== e.insert.length) return null;
    // the row keeps its place (line, key) and takes the rewritten link's fields
    const { from_id: _from, line: _line, ...fields } = linkRowOf(link, { id: s.id, folder }, resolve);
    out.push([row, { ...row, ...fields }]);
  }
  return out;
}

function sameLink(row: StoredLinkRow, link: ParsedLink): boolean {
  return (
    row.target === link.target &&
    row.line === link.line &&
    row.syntax === link.syntax &&
    row.embed === link.embed &&
    row.alias === link.alias &&
    JSON.stringify(row.subpath) === JSON.stringify(link.subpath)
  );
}
