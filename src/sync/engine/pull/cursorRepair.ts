import type { StatePort } from '../ports';

export const LAST_CURSOR = 'LAST_CURSOR';
export const CURSOR_SKIP_REPAIR = 'cursorSkipRepair';

/**
 * Cursor repair (spec 3.8): the first full sync of a build that fixes how pages are applied pulls
 * the whole feed again, once. Builds before this one skipped snapshot entries of the note-body
 * feed (they never pushed any), so a body another device compacted into a snapshot would have been
 * missed; re-reading from 0 merges them (applying is idempotent). `cursorSkipRepair` goes to
 * `pending:<old cursor>` with the reset, and to `done` once a pull delivered; a device with no
 * cursor yet records `done` without a reset. Answers the cursor this pull starts from.
 */
export async function repairCursor(state: StatePort): Promise<number> {
  const cursor = (await state.get<number>(LAST_CURSOR)) ?? 0;
  const repair = await state.get<string>(CURSOR_SKIP_REPAIR);
  if (repair !== undefined) return cursor;
  if (cursor === 0) {
    await state.set(CURSOR_SKIP_REPAIR, 'done');
    return 0;
  }
  await state.set(CURSOR_SKIP_REPAIR, `pending:${cursor}`);
  await state.set(LAST_CURSOR, 0);
  return 0;
}

/** After a pull that delivered every page. */
export async function repairDone(state: StatePort): Promise<void> {
  const repair = await state.get<string>(CURSOR_SKIP_REPAIR);
  if (repair?.startsWith('pending:')) await state.set(CURSOR_SKIP_REPAIR, 'done');
}
