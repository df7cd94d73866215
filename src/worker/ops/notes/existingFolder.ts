import type { VaultDb } from '../../db/schema';
import { checkFolderPath } from '../../domain/notes/paths/folderPath';
import { fail, ok, type Result } from '../result';

export const FOLDER_ARG = {
  type: 'string',
  maxLength: 1000,
  description: "vault-relative folder path; '' is the root",
} as const;

/** The folder argument normalized; VALIDATION for a malformed path, NOT_FOUND for a missing one. */
export async function existingFolder(
  db: Pick<VaultDb, 'folders'>,
  raw: string,
  field = 'args[0]',
): Promise<Result<string>> {
  const checked = checkFolderPath(raw, field, true);
  if (!checked.ok) return checked;
  if (checked.value !== '' && !(await db.folders.get(checked.value)))
    return fail('NOT_FOUND', `No folder "${checked.value}"`, { field });
  return ok(checked.value);
}
