import { createRoot } from 'solid-js';
import { describe, expect, it } from 'vitest';
import { createNoteDraft } from '../../../../src/ui/notes/createNoteDraft';
import type { VaultClient } from '../../../../src/ui/vault/createVaultClient';
import type { ChangeBatch } from '../../../../src/worker/changes/changeFeed';
import type { NoteHeader } from '../../../../src/worker/stores/notesStore';

/** A vault client whose note header is `header` and whose change feed the test drives. */
function clientWith(initial: Partial<NoteHeader> | null) {
  let header = initial;
  const listeners: ((b: ChangeBatch) => void)[] = [];
  const client = {
    onChange: (l: (b: ChangeBatch) => void) => {
      listeners.push(l);
      return () => {};
    },
    api: { getNoteHeader: async () => header },
  } as unknown as VaultClient;
  const emit = (origin: ChangeBatch['origin']) => {
    for (const l of listeners)
      l({ vaultId: 'v', origin, changes: [{ table: 'notes', op: 'put', ids: ['n1'] }] } as ChangeBatch);
  };
  return { client, emit, set: (h: Partial<NoteHeader> | null) => (header = h) };
}

const settle = () => new Promise((r) => setTimeout(r, 10));

describe('createNoteDraft: the open note follows its row', () => {
  it('a rename and a move to the Trash from this worker (an agent, a synced device) reach the open note', async () => {
    const { client, emit, set } = clientWith({ id: 'n1', title: 'Meeting notes' });
    await createRoot(async (dispose) => {
      const draft = createNoteDraft(client, 'n1');
      await settle();
      expect(draft.note()?.title).toBe('Meeting notes');
      // applied by this tab's worker (origin 'local'): an agent's rename, or one synced from a device
      set({ id: 'n1', title: 'Team meetings' });
      emit('local');
      await settle();
      expect(draft.note()?.title).toBe('Team meetings');
      // moved to the Trash on another device: the header reads as gone, the editor says so
      set(null);
      emit('local');
      await settle();
      expect(draft.note()).toBeNull();
      dispose();
    });
  });
});
