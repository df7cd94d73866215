/**
 * Spec 2.1: how replies name what they came from, so an agent can cite it. `href` is
 * `svc://<kind>/<id>`; a folder's id is its path, URL-encoded in the href; a filed file is kind
 * `note` with its file id; a journal entry's id is its date and its title `Journal <date>`.
 */
export type SourceKind = 'note' | 'task' | 'project' | 'journal' | 'inbox' | 'folder';

export interface SourceRef {
  kind: SourceKind;
  id: string;
  title: string;
  href: string;
  /** projects only */
  icon?: string | null;
  /** inbox items only: the item's type */
  itemType?: string;
}

export function hrefOf(kind: SourceKind, id: string): string {
  return `svc://${kind}/${kind === 'folder' ? encodeURIComponent(id) : id}`;
}

export function sourceRef(kind: SourceKind, id: string, title: string): SourceRef {
  return { kind, id, title, href: hrefOf(kind, id) };
}

export const noteRef = (id: string, title: string): SourceRef => sourceRef('note', id, title);
export const taskRef = (id: string, title: string): SourceRef => sourceRef('task', id, title);
export const folderRef = (path: string): SourceRef => sourceRef('folder', path, path);
export const journalRef = (date: string): SourceRef => sourceRef('journal', date, `Journal ${date}`);

export function projectRef(id: string, name: string, icon: string | null): SourceRef {
  return { ...sourceRef('project', id, name), icon };
}

export function inboxRef(id: string, title: string, itemType: string): SourceRef {
  return { ...sourceRef('inbox', id, title), itemType };
}

/**
 * The citation fields of a single-resource read or a write reply: `href`, `source_ref` and
 * `sources` (the resource itself first, then what it was built from).
 */
export function cited<T extends object>(
  value: T,
  ref: SourceRef,
  more: readonly SourceRef[] = [],
): T & { href: string; source_ref: SourceRef; sources: SourceRef[] } {
  return { ...value, href: ref.href, source_ref: ref, sources: [ref, ...more] };
}

/** The citation fields of a list or search entry: `href` and `source_ref`. */
export function listed<T extends object>(
  value: T,
  ref: SourceRef,
): T & { href: string; source_ref: SourceRef } {
  return { ...value, href: ref.href, source_ref: ref };
}
