import type { VaultDb } from '../db/schema';
import { isUntouchedWelcome, WELCOME_MARKDOWN, WELCOME_TITLE } from '../domain/notes/welcomeNote';
import { isTrashed } from '../domain/trash/noteTrash';
import type { NotesStore } from './notesStore';

/**
 * Makes the welcome note of a vault created on this device, the first time it is asked. `claim`
 * takes the vault's mark first (vaultDirectory.takeWelcome): a crash in between loses the
 * welcome, never doubles it. Answers its id, or null when the vault has none to make (already
 * made, deleted, or downloaded from the sync account).
 */
export async function makeWelcome(claim: () => Promise<boolean>, notes: NotesStore): Promise<string | null> {
  if (!(await claim())) return null;
  const made = await notes.create({ title: WELCOME_TITLE, folderPath: '', markdown: WELCOME_MARKDOWN });
  return made.ok ? made.value.id : null;
}

/** The vault's welcome notes still exactly as made (a trashed one is the user's doing: left alone). */
export async function untouchedWelcomeIds(db: VaultDb): Promise<string[]> {
  const rows = await db.notes
    .where('[folderPath+titleKey]')
    .equals(['', WELCOME_TITLE.toLowerCase()])
    .toArray();
  const out: string[] = [];
  for (const row of rows)
    if (!isTrashed(row) && isUntouchedWelcome(row, (await db.bodies.get(row.id))?.markdown)) out.push(row.id);
  return out;
}

/**
 * Before a device joins an account's existing vault (recovery key, link, merge): this device's
 * own welcome note, still untouched, is deleted for good (not moved to the Trash, which syncs: it
 * was never the user's), so the synced vault does not get a second one (it has the first
 * device's, or the user deleted that one).
 */
export async function dropUntouchedWelcome(db: VaultDb, notes: NotesStore): Promise<void> {
  const ids = await untouchedWelcomeIds(db);
  for (const id of ids) await notes.delete(id);
  if (ids.length > 0) await notes.trash.purge(ids);
}
