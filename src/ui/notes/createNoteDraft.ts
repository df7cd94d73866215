import { createSignal, onCleanup } from 'solid-js';
import type { AppError } from '../../shared/result';
import type { NoteHeader } from '../../worker/stores/notesStore';
import type { VaultClient } from '../vault/createVaultClient';

/**
 * One open note's metadata (title, folder, dates; never the body): loaded once, reloaded whenever
 * its row changes (another tab, an agent's operation, a change another device synced: a rename
 * shows, and a note moved to the Trash elsewhere says so instead of staying editable), renamed
 * through the worker. The body is the CRDT document (createNoteDoc).
 */
export function createNoteDraft(client: VaultClient, id: string) {
  const [note, setNote] = createSignal<NoteHeader | null | undefined>(undefined);
  const [error, setError] = createSignal<AppError | null>(null);

  // The header only: a 1 MB body is the editor's to load (as a CRDT document), not the title bar's.
  const load = async () => setNote(await client.api.getNoteHeader(id));
  void load();

  const unsubscribe = client.onChange((batch) => {
    for (const c of batch.changes) {
      if (c.table === 'notes' && c.ids.includes(id)) {
        if (c.op === 'delete') setNote(null);
        else void load();
      }
    }
  });
  onCleanup(unsubscribe);

  return {
    note,
    error,
    async rename(title: string) {
      const res = await client.api.renameNote(id, title);
      setError(res.ok ? null : res.error);
      if (res.ok) setNote((n) => (n ? { ...n, ...res.value } : n));
      return res.ok;
    },
  };
}
