/**
 * The few fields of a note or filed file that link resolution, graphs and listings need. The
 * worker keeps these in memory (10,000 notes ≈ 1 MB) or reads them from an index; bodies are
 * never needed to resolve a link.
 */
export type FileType = 'markdown' | 'pdf' | 'image' | 'audio' | 'video';

export interface NoteHeader {
  id: string;
  title: string;
  /** vault-relative, no leading slash, '' for the root */
  folder_path: string;
  file_type: FileType;
  /** filed files: the file name with its extension (`Engelbart.jpg`); markdown notes: absent */
  file_name?: string;
  /** frontmatter `aliases`/`alias`, used by resolveByTitle as a fallback */
  aliases?: readonly string[];
}

/** The read port the link operations take: every header, in any order. */
export interface NoteHeaderPort {
  listNoteHeaders(): Iterable<NoteHeader>;
}

/** The name a header is linked by: `Title.md` for notes, the file name for files. */
export function fileNameOf(h: NoteHeader): string {
  return h.file_type === 'markdown' ? `${h.title}.md` : (h.file_name ?? h.title);
}

export function vaultPathOf(h: NoteHeader): string {
  const name = fileNameOf(h);
  return h.folder_path === '' ? name : `${h.folder_path}/${name}`;
}

/** Frontmatter `aliases` (list or comma-separated string) and `alias`, as Obsidian reads them. */
export function aliasesOf(frontmatter: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const key of ['aliases', 'alias']) {
    const v = frontmatter[key];
    const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [];
    for (const item of items) if (typeof item === 'string' && item.trim() !== '') out.push(item.trim());
  }
  return out;
}
