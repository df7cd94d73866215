import { attachmentFolder } from '../attachments';
import { fileNameOf, type NoteHeader, vaultPathOf } from '../noteHeader';

/**
 * Resolves a link path to a note or file as Obsidian does (docs/notes.md, "Link resolution"):
 *  1. `./x` and `../x` are relative to the linking note's folder;
 *  2. an exact vault path (`Folder/Title`, `Folder/Title.md`, `Attachments/a.png`);
 *  3. otherwise by name: every item whose file name matches (`Title` → `Title.md`; a path with an
 *     extension such as `a.png` matches files by file name) and whose path ends with the written
 *     folders (`B/Title` matches `A/B/Title.md`); among several, the linking note's own
 *     attachment (`attachments/<note_id>/<name>`) wins, then one in the linking note's folder,
 *     then the shortest path, then alphabetical order, then the id.
 * All comparisons ignore letter case; an exact-case match is preferred. Aliases never resolve a
 * link (they do in Obsidian neither); `resolveByTitle` uses them as a last resort.
 * The index is incremental: `upsert`/`remove` keep it in step with the vault.
 */
export type ResolvedVia = 'path' | 'relative' | 'name' | 'alias';

export interface Resolution {
  header: NoteHeader;
  via: ResolvedVia;
}

const lower = (s: string) => s.normalize('NFC').toLowerCase();

export class LinkResolver {
  private readonly byId = new Map<string, NoteHeader>();
  private readonly byPath = new Map<string, NoteHeader[]>();
  private readonly byName = new Map<string, NoteHeader[]>();
  private readonly byAlias = new Map<string, NoteHeader[]>();

  constructor(headers: Iterable<NoteHeader> = []) {
    for (const h of headers) this.upsert(h);
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: string): NoteHeader | undefined {
    return this.byId.get(id);
  }

  headers(): IterableIterator<NoteHeader> {
    return this.byId.values();
  }

  upsert(h: NoteHeader): void {
    this.remove(h.id);
    this.byId.set(h.id, h);
    for (const key of pathKeys(h)) push(this.byPath, key, h);
    for (const key of nameKeys(h)) push(this.byName, key, h);
    for (const alias of h.aliases ?? []) push(this.byAlias, lower(alias), h);
  }

  remove(id: string): void {
    const old = this.byId.get(id);
    if (!old) return;
    this.byId.delete(id);
    for (const key of pathKeys(old)) pull(this.byPath, key, id);
    for (const key of nameKeys(old)) pull(this.byName, key, id);
    for (const alias of old.aliases ?? []) pull(this.byAlias, lower(alias), id);
  }

  /**
   * Resolves a link path written in a note located in `sourceFolder` (with id `sourceId`, whose
   * attachments win among same-named files). '' resolves to nothing.
   */
  resolve(linkPath: string, sourceFolder = '', sourceId?: string): Resolution | null {
    const written = linkPath.trim().replace(/^\/+/, '');
    if (written === '') return null;
    if (/^\.\.?\//.test(written)) {
      const joined = joinRelative(sourceFolder, written);
      const hit =
        joined === null ? undefined : pick(this.byPath.get(lower(joined)), joined, sourceFolder, sourceId);
      return hit ? { header: hit, via: 'relative' } : null;
    }
    const exact = pick(this.byPath.get(lower(written)), written, sourceFolder, sourceId);
    if (exact) return { header: exact, via: 'path' };
    const slash = written.lastIndexOf('/');
    const name = written.slice(slash + 1);
    const folders = slash === -1 ? '' : lower(written.slice(0, slash));
    const candidates = (this.byName.get(lower(name)) ?? []).filter(
      (h) =>
        folders === '' || lower(h.folder_path) === folders || lower(h.folder_path).endsWith(`/${folders}`),
    );
    const byName = pick(candidates, written, sourceFolder, sourceId);
    return byName ? { header: byName, via: 'name' } : null;
  }

  /** Headers whose alias is `alias` (case-insensitive), best first. */
  resolveAlias(alias: string, sourceFolder = ''): Resolution | null {
    const hit = pick(this.byAlias.get(lower(alias.trim())), alias, sourceFolder);
    return hit ? { header: hit, via: 'alias' } : null;
  }
}

function pathKeys(h: NoteHeader): string[] {
  const path = lower(vaultPathOf(h));
  return h.file_type === 'markdown' ? [path, path.slice(0, -3)] : [path];
}

function nameKeys(h: NoteHeader): string[] {
  const name = lower(fileNameOf(h));
  if (h.file_type === 'markdown') return [name, name.slice(0, -3)];
  // A filed file imported without a file name is linked by its title.
  return h.file_name === undefined ? [name] : [name, lower(h.title)].filter((k, i, a) => a.indexOf(k) === i);
}

/**
 * Best of several candidates: the source note's own attachment, exact case of the written name,
 * same folder, shortest path, A→Z.
 */
function pick(
  list: NoteHeader[] | undefined,
  written: string,
  sourceFolder: string,
  sourceId?: string,
): NoteHeader | undefined {
  if (!list || list.length === 0) return undefined;
  if (list.length === 1) return list[0];
  const name = written.slice(written.lastIndexOf('/') + 1);
  const own = sourceId === undefined ? null : attachmentFolder(sourceId);
  const rank = (h: NoteHeader) => [
    h.folder_path === own ? 0 : 1,
    fileNameOf(h) === name || h.title === name ? 0 : 1,
    h.folder_path === sourceFolder ? 0 : 1,
    vaultPathOf(h).split('/').length,
    vaultPathOf(h).length,
  ];
  return [...list].sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return (ra[i] ?? 0) - (rb[i] ?? 0);
    // Ids break the last tie (two items at one path) so the answer never depends on insert order.
    return vaultPathOf(a).localeCompare(vaultPathOf(b)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  })[0];
}

function joinRelative(folder: string, rel: string): string | null {
  const parts = folder === '' ? [] : folder.split('/');
  for (const seg of rel.split('/')) {
    if (seg === '.' || seg === '') continue;
    if (seg === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(seg);
  }
  return parts.join('/');
}

function push(map: Map<string, NoteHeader[]>, key: string, h: NoteHeader): void {
  const list = map.get(key);
  if (list) list.push(h);
  else map.set(key, [h]);
}

function pull(map: Map<string, NoteHeader[]>, key: string, id: string): void {
  const list = map.get(key);
  if (!list) return;
  const next = list.filter((h) => h.id !== id);
  if (next.length === 0) map.delete(key);
  else map.set(key, next);
}
