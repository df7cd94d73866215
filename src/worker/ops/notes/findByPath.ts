import type { NoteRow, VaultDb } from '../../db/schema';

/**
 * The note or filed file at a vault path, as `notePath` writes it: `Folder/Title.md` for a
 * markdown note, `Folder/name.pdf` for a filed file (whose title is its file name). The folder
 * part matches exactly, the name case-insensitively (titles are unique per folder ignoring case).
 * A leading or trailing slash is ignored.
 */
export async function findByPath(db: Pick<VaultDb, 'notes'>, rawPath: string): Promise<NoteRow | null> {
  const path = rawPath.replace(/^\/+|\/+$/g, '');
  const cut = path.lastIndexOf('/');
  const folder = cut === -1 ? '' : path.slice(0, cut);
  const file = path.slice(cut + 1);
  if (file === '') return null;
  const byKey = (key: string) => db.notes.where('[folderPath+titleKey]').equals([folder, key]).first();
  const whole = await byKey(file.toLowerCase());
  if (whole && whole.fileType !== 'markdown') return whole;
  if (!/\.md$/i.test(file)) return null;
  const note = await byKey(file.slice(0, -3).toLowerCase());
  return note?.fileType === 'markdown' ? note : null;
}
