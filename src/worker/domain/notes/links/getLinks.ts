import type { NoteHeader } from '../noteHeader';
import type { LinkRow } from './linkRows';
import type { LinkStore } from './linkStore';

/**
 * `notes.getLinks(id)`: the note's outgoing links (resolved or not) and its backlinks, each
 * with the other end's title and folder so a panel can show them without another read.
 */
export interface LinkEnd {
  id: string | null;
  title: string;
  folder_path: string | null;
  exists: boolean;
}

export interface LinkEntry extends Pick<LinkRow, 'subpath' | 'alias' | 'embed' | 'line' | 'target'> {
  note: LinkEnd;
}

export interface NoteLinks {
  id: string;
  outgoing: LinkEntry[];
  backlinks: LinkEntry[];
  unresolved_count: number;
}

export function getLinks(
  id: string,
  store: LinkStore,
  header: (id: string) => NoteHeader | undefined,
): NoteLinks {
  const end = (otherId: string | null, fallback: string): LinkEnd => {
    const h = otherId === null ? undefined : header(otherId);
    return h
      ? { id: h.id, title: h.title, folder_path: h.folder_path, exists: true }
      : { id: null, title: fallback, folder_path: null, exists: false };
  };
  const entry = (row: LinkRow, otherId: string | null): LinkEntry => ({
    target: row.target,
    subpath: row.subpath,
    alias: row.alias,
    embed: row.embed,
    line: row.line,
    note: end(otherId, row.target),
  });
  const outgoing = store.outgoingOf(id).map((r) => entry(r, r.to_id));
  const backlinks = store
    .incomingOf(id)
    .filter((r) => r.from_id !== id)
    .map((r) => entry(r, r.from_id));
  return { id, outgoing, backlinks, unresolved_count: outgoing.filter((o) => !o.note.exists).length };
}
