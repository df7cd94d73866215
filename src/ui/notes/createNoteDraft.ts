import { createSignal, onCleanup } from 'solid-js';
import type { AppError } from '../../shared/result';
import type { Note } from '../../worker/stores/notesStore';
import type { VaultClient } from '../vault/createVaultClient';

/**
 * One open note's editable state. Every keystroke is written through at once: at most one write
 * is in flight, and the newest text follows as soon as it lands, so nothing typed waits on a
 * timer that a crash could cancel. A change from another tab reloads the text only when this
 * tab has nothing unsaved (concurrent merging comes with the CRDT editor).
 */
export function createNoteDraft(client: VaultClient, id: string) {
  const [note, setNote] = createSignal<Note | null | undefined>(undefined);
  const [error, setError] = createSignal<AppError | null>(null);
  const [saving, setSaving] = createSignal(false);
  let wanted: string | null = null;
  let inFlight: Promise<void> | null = null;

  const load = async () => setNote(await client.api.getNote(id));
  void load();

  async function pump() {
    while (wanted !== null) {
      const text = wanted;
      wanted = null;
      const res = await client.api.updateNoteBody(id, text);
      setError(res.ok ? null : res.error);
    }
  }

  const unsubscribe = client.onChange((batch) => {
    if (batch.origin !== 'tab') return;
    for (const c of batch.changes) {
      if (c.table === 'notes' && c.ids.includes(id)) {
        if (c.op === 'delete') setNote(null);
        else if (!inFlight) void load();
      }
    }
  });
  onCleanup(unsubscribe);

  return {
    note,
    error,
    saving,
    setBody(text: string) {
      wanted = text;
      if (inFlight) return;
      setSaving(true);
      inFlight = pump().finally(() => {
        inFlight = null;
        setSaving(false);
      });
    },
    async rename(title: string) {
      const res = await client.api.renameNote(id, title);
      setError(res.ok ? null : res.error);
      if (res.ok) setNote((n) => (n ? { ...n, ...res.value } : n));
      return res.ok;
    },
    /** resolves when every keystroke so far is committed */
    flushed: () => inFlight ?? Promise.resolve(),
  };
}
