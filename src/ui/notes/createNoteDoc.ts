import { createSignal, onCleanup } from 'solid-js';
import * as Y from 'yjs';
import type { AppError } from '../../shared/result';
import type { VaultClient } from '../vault/createVaultClient';

export const BODY_TEXT = 'markdown';
const REMOTE = 'remote';

/**
 * The editor's replica of one note body. Local edits go to the worker as Yjs updates, at most
 * one request in flight, the ones typed meanwhile merged into the next request, so every
 * keystroke is stored without waiting on a timer. Updates from other tabs merge in as they come.
 */
export function createNoteDoc(client: VaultClient, id: string) {
  const doc = new Y.Doc();
  const [ready, setReady] = createSignal(false);
  const [saving, setSaving] = createSignal(false);
  const [error, setError] = createSignal<AppError | null>(null);
  let queued: Uint8Array[] = [];
  let inFlight: Promise<void> | null = null;

  const unsubscribe = client.onNoteUpdate(id, (update) => Y.applyUpdate(doc, update, REMOTE));
  onCleanup(() => {
    unsubscribe();
    doc.destroy();
  });

  async function pump() {
    while (queued.length > 0) {
      const batch = queued.length === 1 ? queued[0]! : Y.mergeUpdates(queued);
      queued = [];
      const res = await client.api.pushNoteUpdate(id, batch);
      if (!res.ok) {
        // kept, in front of what was typed meanwhile: the next edit sends it again (the worker
        // could not apply later updates without it, and the text would be lost on reload)
        queued.unshift(batch);
        setError(res.error);
        return;
      }
      setError(null);
    }
  }

  function kick() {
    if (inFlight) return;
    setSaving(true);
    inFlight = pump().finally(() => {
      inFlight = null;
      setSaving(false);
      // a refused request leaves its updates queued: they go with the next edit
      if (queued.length > 0 && error() === null) kick();
    });
  }

  void client.api.openNoteDoc(id).then((res) => {
    if (!res.ok) return setError(res.error);
    Y.applyUpdate(doc, res.value, REMOTE);
    // Listened to only from here: Yjs encodes every transaction as an update for 'update'
    // listeners, and the note's whole state (1 MB for a 1 MB note) encoded again to be ignored
    // cost the open ~10 ms of the main thread. Nothing local is typed before `ready`.
    doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === REMOTE) return;
      queued.push(update);
      kick();
    });
    setReady(true);
  });

  return { doc, text: doc.getText(BODY_TEXT), ready, saving, error };
}
