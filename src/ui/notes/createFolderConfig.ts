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
  return {
    config,
    /** Replace some of the open folder's settings; the others keep their stored value. */
    async save(patch: Partial<NoteFolderConfig>): Promise<AppError | null> {
      const f = folder();
      const current = config();
      if (f === undefined || current === null) return null;
      const res = await writeOp(client, 'notes.setFolderConfig', f, { ...current, ...patch });
      return res.ok ? null : res.error;
    },
  };
}
