import type { AppError } from '../../shared/result';
import { writeOp } from '../planning/shared/callOp';
import type { VaultClient } from '../vault/createVaultClient';

/** The drag data type of notes dragged from the note list (ids as JSON). */
export const NOTES_DRAG_TYPE = 'application/x-cairn-notes';

/**
 * Moves notes to `folder` with notes.move, one at a time (each rewrites the links that need it,
 * docs/links.md). Stops at nothing: every note is tried, and the refusals are answered with the
 * title-less id so the caller can say which failed.
 */
export async function moveNotes(
  client: VaultClient,
  ids: readonly string[],
  folder: string,
): Promise<{ moved: number; errors: AppError[] }> {
  let moved = 0;
  const errors: AppError[] = [];
  for (const id of ids) {
    const res = await writeOp(client, 'notes.move', id, folder);
    if (res.ok) moved++;
    else errors.push(res.error);
  }
  return { moved, errors };
}

/** The ids a drag from the note list carries, or null for any other drag (files, text). */
export function draggedNoteIds(data: DataTransfer | null): string[] | null {
  if (!data?.types.includes(NOTES_DRAG_TYPE)) return null;
  try {
    const ids = JSON.parse(data.getData(NOTES_DRAG_TYPE)) as unknown;
    return Array.isArray(ids) && ids.every((x) => typeof x === 'string') ? ids : [];
  } catch {
    return [];
  }
}
