import { type Checked, refuse } from '../validationError';
import { checkTitle } from './nameRules';

/**
 * Title rules (docs/notes.md): a note's title is its file name without `.md`; titles are unique
 * per folder compared case-insensitively (so an export to a case-insensitive file system never
 * collides); a new note without a title is "Untitled", then "Untitled 1", "Untitled 2", ...
 */
export interface TitleLookup {
  /** whether another item in `folderPath` already has this title (case-insensitive) */
  titleTaken(folderPath: string, title: string, exceptId?: string): boolean;
}

export function titleFromFileName(fileName: string): string {
  return fileName.replace(/\.md$/i, '');
}

export function checkNewTitle(
  raw: string,
  folderPath: string,
  lookup: TitleLookup,
  exceptId?: string,
): Checked<string> {
  const checked = checkTitle(raw);
  if (!checked.ok) return checked;
  if (lookup.titleTaken(folderPath, checked.value, exceptId)) {
    const where = folderPath === '' ? 'the vault root' : `"${folderPath}"`;
    return refuse('title', `A note named "${checked.value}" already exists in ${where}.`);
  }
  return checked;
}

export function nextFreeTitle(base: string, folderPath: string, lookup: TitleLookup): string {
  if (!lookup.titleTaken(folderPath, base)) return base;
  for (let n = 1; ; n++) {
    const candidate = `${base} ${n}`;
    if (!lookup.titleTaken(folderPath, candidate)) return candidate;
  }
}
