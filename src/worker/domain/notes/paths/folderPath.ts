import { accept, type Checked, refuse } from '../validationError';
import { checkName, PATH_MAX, SEGMENT_MAX } from './nameRules';

/**
 * Normalizes and checks a vault-relative folder path: leading slashes are accepted and dropped
 * (spec 4.1, vault_list_folder), a trailing slash is dropped, `\` is refused rather than guessed
 * to be a separator, and every segment passes the name rules (so `..`, `.`, empty segments from
 * `a//b`, and control characters are refused). `''` is the vault root: allowed only when
 * `allowRoot` (listing), refused for create/rename, where a name is required.
 */
export function checkFolderPath(raw: string, field = 'path', allowRoot = false): Checked<string> {
  const path = raw.normalize('NFC').trim().replace(/^\/+/, '').replace(/\/+$/, '');
  if (path === '') {
    return allowRoot ? accept('') : refuse(field, 'The folder path cannot be empty.', 'min length 1');
  }
  if (path.length > PATH_MAX) {
    return refuse(field, `The folder path is longer than ${PATH_MAX} characters.`, `at most ${PATH_MAX}`);
  }
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '') return refuse(field, 'The folder path has an empty segment ("//").');
    const checked = checkName(segment, field, 'folder name', SEGMENT_MAX);
    if (!checked.ok) return checked;
    segments.push(checked.value);
  }
  return accept(segments.join('/'));
}

/** The parent folder of a folder path (`a/b` → `a`, `a` → `''`). */
export function parentFolder(path: string): string {
  const i = path.lastIndexOf('/');
  return i === -1 ? '' : path.slice(0, i);
}

/** Whether `path` is `folder` itself or lies inside it. The root contains everything. */
export function isInside(path: string, folder: string): boolean {
  return folder === '' || path === folder || path.startsWith(`${folder}/`);
}

/** The note's vault path with file name, as folder listings show it: `a/b/Title.md`. */
export function notePath(folderPath: string, fileName: string): string {
  return folderPath === '' ? fileName : `${folderPath}/${fileName}`;
}
