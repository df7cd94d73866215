import { classifyFile, extensionOf, type FileType } from '../files/fileTypes';
import { checkFolderPath } from '../notes/paths/folderPath';
import { checkTitle } from '../notes/paths/nameRules';

export interface ImportEntry {
  /** the path inside the imported folder, `/`-separated, the top folder's own name excluded */
  path: string;
  size: number;
  mime?: string;
}

export interface PlannedItem {
  /** index into the entries given */
  entry: number;
  kind: FileType;
  mime: string;
  folderPath: string;
  title: string;
  /** the file name kept for filed files and exports (title plus extension) */
  fileName: string;
}

export interface Skipped {
  path: string;
  reason: string;
}

export interface ImportPlan {
  items: PlannedItem[];
  skipped: Skipped[];
}

/** Largest note accepted on import (the sync snapshot cap). */
export const MAX_IMPORT_NOTE_BYTES = 5 * 1024 * 1024;
/** Largest filed file accepted on import. */
export const MAX_IMPORT_FILE_BYTES = 200 * 1024 * 1024;

const RESERVED = /[:*?"<>|[\]#^\\]/g;

/**
 * Plans an import of a folder of markdown files and attachments (an Obsidian-style vault):
 * which entries become notes or filed files, where, under which title; what is skipped and why.
 * Hidden files and folders (`.obsidian`, `.trash`, `.DS_Store`) are skipped; so are files of no
 * known kind and notes over the size limit. A title the vault cannot hold has its reserved
 * characters replaced by `-`; two items that would share a title in a folder get ` 1`, ` 2`, …
 * Pure: it only reads the entry list.
 */
export function planImport(entries: readonly ImportEntry[], targetFolder = ''): ImportPlan {
  const items: PlannedItem[] = [];
  const skipped: Skipped[] = [];
  const taken = new Set<string>();
  for (const [index, e] of entries.entries()) {
    const skip = (reason: string) => skipped.push({ path: e.path, reason });
    const parts = e.path.split('/').filter((p) => p !== '');
    const name = parts.pop() ?? '';
    if ([...parts, name].some((p) => p.startsWith('.'))) {
      skip('hidden file or folder');
      continue;
    }
    const kind = classifyFile(name, e.mime);
    if (!kind) {
      skip(`"${extensionOf(name) || name}" files are not notes, PDFs, images, audio or video`);
      continue;
    }
    const limit = kind.type === 'markdown' ? MAX_IMPORT_NOTE_BYTES : MAX_IMPORT_FILE_BYTES;
    if (e.size > limit) {
      skip(`larger than ${limit / 1024 / 1024} MB`);
      continue;
    }
    const rawFolder = [targetFolder, ...parts.map(clean)].filter((p) => p !== '').join('/');
    const folder = checkFolderPath(rawFolder, 'path', true);
    if (!folder.ok) {
      skip(folder.error.message);
      continue;
    }
    const ext = extensionOf(name);
    const base = kind.type === 'markdown' ? name.slice(0, -(ext.length + 1)) : name;
    let title = clean(base);
    if (!checkTitle(title).ok) title = 'Untitled';
    const unique = uniqueTitle(title, folder.value, taken);
    const fileName = kind.type === 'markdown' ? `${unique}.md` : unique;
    items.push({
      entry: index,
      kind: kind.type,
      mime: kind.mime,
      folderPath: folder.value,
      title: unique,
      fileName,
    });
  }
  return { items, skipped };
}

function clean(name: string): string {
  return name.normalize('NFC').replace(RESERVED, '-').trim().replace(/^\.+/, '');
}

function uniqueTitle(title: string, folder: string, taken: Set<string>): string {
  let candidate = title;
  for (let n = 1; taken.has(`${folder}\u0000${candidate.toLowerCase()}`); n++) candidate = `${title} ${n}`;
  taken.add(`${folder}\u0000${candidate.toLowerCase()}`);
  return candidate;
}
