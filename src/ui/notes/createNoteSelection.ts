import { createSignal } from 'solid-js';
import type { VaultClient } from '../vault/createVaultClient';
import { moveNotes } from './moveNotes';

/**
 * The note list's selection (to move several notes at once) and the moves made from it, by the
 * "Move to…" dialog or a drop on a folder. `status` says what happened, for a live region.
 */
export function createNoteSelection(client: VaultClient) {
  const [selecting, setSelecting] = createSignal(false);
  const [picked, setPicked] = createSignal<ReadonlySet<string>>(new Set());
  const [status, setStatus] = createSignal<string | null>(null);
  return {
    selecting,
    picked,
    status,
    toggleMode() {
      setSelecting((v) => !v);
      setPicked(new Set<string>());
    },
    toggle(id: string) {
      const next = new Set(picked());
      if (next.has(id)) next.delete(id);
      else next.add(id);
      setPicked(next);
    },
    async moveTo(folder: string, ids: readonly string[] = [...picked()]) {
      const { moved, errors } = await moveNotes(client, ids, folder);
      const where = folder || 'the vault root';
      const done = `Moved ${moved} ${moved === 1 ? 'note' : 'notes'} to ${where}.`;
      setStatus(
        errors.length === 0 ? done : `${done} ${errors.length} could not move: ${errors[0]?.message}`,
      );
      setPicked(new Set<string>());
    },
  };
}
