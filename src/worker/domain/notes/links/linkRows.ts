import type { NoteHeader } from '../noteHeader';
import type { LinkResolver, ResolvedVia } from './linkResolver';
import { type ParsedLink, parseLinks, type Subpath } from './parseLinks';

/**
 * One link as the worker stores it (a row per link, indexed by `from_id`, `to_id` and
 * `target_name`): enough to answer backlinks, outgoing links and the graph without re-reading
 * bodies. `to_id` is null while the target does not exist; `target_name` (the lower-cased last
 * path segment without `.md`) finds the unresolved rows to re-resolve when a note with that name
 * is created or renamed.
 */
export interface LinkRow {
  from_id: string;
  to_id: string | null;
  target: string;
  target_name: string;
  subpath: Subpath;
  alias: string | null;
  embed: boolean;
  syntax: ParsedLink['syntax'];
  line: number;
  via: ResolvedVia | null;
}

export function targetName(target: string): string {
  const name = target.slice(target.lastIndexOf('/') + 1);
  return name.normalize('NFC').toLowerCase().replace(/\.md$/, '');
}

/** How a link resolves: its note and the rule that found it. */
type Resolve = (target: string, folder: string, sourceId: string) => ReturnType<LinkResolver['resolve']>;

/**
 * The row of one parsed link of note `source` (in `folder`): the one mapping of a link to a row.
 * A link to the same note (`[[#Heading]]`) points at the note itself; it is kept (outgoing links
 * show it) and the graph ignores it.
 */
export function linkRowOf(
  link: ParsedLink,
  source: { id: string; folder: string },
  resolve: Resolve,
): LinkRow {
  const self = link.target === '';
  const hit = self ? null : resolve(link.target, source.folder, source.id);
  return {
    from_id: source.id,
    to_id: self ? source.id : (hit?.header.id ?? null),
    target: link.target,
    target_name: targetName(link.target),
    subpath: link.subpath,
    alias: link.alias,
    embed: link.embed,
    syntax: link.syntax,
    line: link.line,
    via: self ? 'path' : (hit?.via ?? null),
  };
}

/** The link rows of one note's body. */
export function linkRowsOf(source: NoteHeader, body: string, resolver: LinkResolver): LinkRow[] {
  const at = { id: source.id, folder: source.folder_path };
  return parseLinks(body).map((link) => linkRowOf(link, at, (t, f, id) => resolver.resolve(t, f, id)));
}

/**
 * Re-resolves stored rows after the set of notes changed (a note created, renamed, moved or
 * deleted): the worker selects the candidate rows (by `target_name` of the old and new names,
 * and by `to_id` of the changed note) and stores the rows this returns, only those that changed.
 */
export function reresolveRows(
  rows: readonly LinkRow[],
  resolver: LinkResolver,
  folderOf: (id: string) => string | undefined,
): LinkRow[] {
  const changed: LinkRow[] = [];
  for (const row of rows) {
    if (row.target === '') continue;
    const folder = folderOf(row.from_id);
    if (folder === undefined) continue;
    const hit = resolver.resolve(row.target, folder, row.from_id);
    const to_id = hit?.header.id ?? null;
    const via = hit?.via ?? null;
    if (to_id !== row.to_id || via !== row.via) changed.push({ ...row, to_id, via });
  }
  return changed;
}
