import type { AppError } from '../../shared/result';
import { writeOp } from '../planning/shared/callOp';
import type { VaultClient } from '../vault/createVaultClient';

/**
 * Moves note `id` to row `to` of `folder`'s manual order and stores the whole order with
 * notes.reorder (so notes never ordered before get their place as shown). The order is read
 * from the worker (ids only), never assembled from the list's loaded pages.
 */
export async function moveNote(
  client: VaultClient,
  folder: string,
  id: string,
  to: number,
): Promise<AppError | null> {
  const ids = await client.api.manualNoteOrder(folder);
  const from = ids.indexOf(id);
  if (from === -1) return { code: 'NOT_FOUND', message: 'That note is no longer in this folder.' };
  ids.splice(from, 1);
  ids.splice(Math.min(Math.max(0, to), ids.length), 0, id);
  const res = await writeOp(client, 'notes.reorder', folder, ids);
  return res.ok ? null : res.error;
}
