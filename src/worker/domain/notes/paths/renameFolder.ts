import { type Checked, refuse } from '../validationError';
import { checkFolderPath, isInside } from './folderPath';

/**
 * Planning a folder rename or move: validates both paths and computes the new folder path of
 * every folder and item inside, without touching storage. The caller applies the plan in one
 * transaction. Existence checks go through the port so this stays platform-free.
 */
export interface FolderExistence {
  folderExists(path: string): boolean;
}

export interface Moved {
  from: string;
  to: string;
}

export interface FolderRenamePlan {
  oldPath: string;
  newPath: string;
  /** every affected folder path (the renamed one and all below it), old → new */
  folders: Moved[];
  /** every item inside, with its old and new folder_path */
  items: Array<{ id: string } & Moved>;
}

/** `path` re-rooted from `oldPrefix` to `newPrefix`; `path` must be inside `oldPrefix`. */
export function rebase(path: string, oldPrefix: string, newPrefix: string): string {
  return path === oldPrefix ? newPrefix : newPrefix + path.slice(oldPrefix.length);
}

export function planFolderRename(
  rawOld: string,
  rawNew: string,
  existing: FolderExistence,
  folders: Iterable<string>,
  items: Iterable<{ id: string; folder_path: string }>,
): Checked<FolderRenamePlan> {
  const oldChecked = checkFolderPath(rawOld, 'old_path');
  if (!oldChecked.ok) return oldChecked;
  const newChecked = checkFolderPath(rawNew, 'new_path');
  if (!newChecked.ok) return newChecked;
  const oldPath = oldChecked.value;
  const newPath = newChecked.value;
  if (!existing.folderExists(oldPath)) return refuse('old_path', `The folder "${oldPath}" does not exist.`);
  if (oldPath === newPath) return refuse('new_path', 'The new path is the same as the old one.');
  if (isInside(newPath, oldPath)) return refuse('new_path', 'A folder cannot be moved inside itself.');
  // A change of letter case only is a rename of the same folder, not a clash.
  if (existing.folderExists(newPath) && newPath.toLowerCase() !== oldPath.toLowerCase()) {
    return refuse('new_path', `A folder named "${newPath}" already exists.`);
  }
  const movedFolders: Moved[] = [];
  for (const f of folders) {
    if (isInside(f, oldPath)) movedFolders.push({ from: f, to: rebase(f, oldPath, newPath) });
  }
  if (!movedFolders.some((f) => f.from === oldPath)) movedFolders.push({ from: oldPath, to: newPath });
  const movedItems: FolderRenamePlan['items'] = [];
  for (const item of items) {
    if (isInside(item.folder_path, oldPath)) {
      movedItems.push({
        id: item.id,
        from: item.folder_path,
        to: rebase(item.folder_path, oldPath, newPath),
      });
    }
  }
  return { ok: true, value: { oldPath, newPath, folders: movedFolders, items: movedItems } };
}
