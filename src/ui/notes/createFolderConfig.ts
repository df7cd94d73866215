import type { AppError } from '../../shared/result';
import type { NoteFolderConfig } from '../../worker/ops/notes/noteFolderConfigSchema';
import type { NoteSort } from '../../worker/stores/notesStore';
import { readOp, writeOp } from '../planning/shared/callOp';
import { createLiveValue } from '../planning/shared/createLiveValue';
import type { VaultClient } from '../vault/createVaultClient';

export interface FolderSettings {
  sort: NoteSort;
  templateId: string | null;
}

/**
 * The open folder's note settings (notes.getFolderConfig), followed live, and their writes. The
 * whole vault ("All notes", `undefined`) has none. On plain signals (createLiveValue), so reading
 * it never suspends anything. `config()` is null until the open folder's own settings are read,
 * never another folder's.
 */
export function createFolderConfig(client: VaultClient, folder: () => string | undefined) {
  const live = createLiveValue(
    client,
    ['noteFolderConfigs', 'folders'],
    folder,
    async (
      f,
    ): Promise<{ ok: true; value: { folder: string | undefined; config: FolderSettings | null } }> => {
      if (f === undefined) return { ok: true, value: { folder: f, config: null } };
      const res = await readOp<FolderSettings>(client, 'notes.getFolderConfig', f);
      // A folder deleted or renamed under the list reads as having no settings.
      return { ok: true, value: { folder: f, config: res.ok ? res.value : null } };
    },
  );
  const config = (): FolderSettings | null => {
    const d = live.data();
    return d && d.folder === folder() ? d.config : null;
  };
  // Saves run one after another, each on the settings as stored when it starts: two changes made
  // faster than the re-read lands (Sort, then Template) used to send the first read's settings
  // with the second change, and the first change was put back.
  let saving: Promise<unknown> = Promise.resolve();
  async function saveNow(f: string, patch: Partial<NoteFolderConfig>): Promise<AppError | null> {
    const stored = await readOp<FolderSettings>(client, 'notes.getFolderConfig', f);
    if (!stored.ok) return stored.error;
    const res = await writeOp(client, 'notes.setFolderConfig', f, { ...stored.value, ...patch });
    return res.ok ? null : res.error;
  }
  return {
    config,
    /** Replace some of the open folder's settings; the others keep their stored value. */
    save(patch: Partial<NoteFolderConfig>): Promise<AppError | null> {
      const f = folder();
      if (f === undefined || config() === null) return Promise.resolve(null);
      const done = saving.then(() => saveNow(f, patch));
      saving = done.catch(() => undefined);
      return done;
    },
  };
}
