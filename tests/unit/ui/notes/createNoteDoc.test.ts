import { createRoot } from 'solid-js';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { BODY_TEXT, createNoteDoc } from '../../../../src/ui/notes/createNoteDoc';
import type { VaultClient } from '../../../../src/ui/vault/createVaultClient';

/** A vault client whose worker refuses the first body update, then takes every one. */
function refusingOnce() {
  const stored: Uint8Array[] = [];
  let calls = 0;
  const client = {
    onNoteUpdate: () => () => {},
    api: {
      openNoteDoc: async () => ({ ok: true, value: Y.encodeStateAsUpdate(new Y.Doc()) }),
      pushNoteUpdate: async (_id: string, update: Uint8Array) => {
        calls++;
        if (calls === 1) return { ok: false, error: { code: 'INTERNAL', message: 'the worker was busy' } };
        stored.push(update);
        return { ok: true, value: null };
      },
    },
  } as unknown as VaultClient;
  return { client, stored };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('createNoteDoc: the editor replica sends every keystroke to the worker', () => {
  it('a refused update goes again with the next edit: nothing typed is lost', async () => {
    const { client, stored } = refusingOnce();
    await createRoot(async (dispose) => {
      const note = createNoteDoc(client, 'n1');
      await settle();
      note.text.insert(0, 'milk');
      await settle();
      expect(note.error()?.message).toBe('the worker was busy');
      note.text.insert(4, ' and eggs');
      await settle();
      // what the worker stored rebuilds the whole text (the refused 'milk' came again with the next edit)
      const worker = new Y.Doc();
      for (const u of stored) Y.applyUpdate(worker, u);
      expect(worker.getText(BODY_TEXT).toString()).toBe('milk and eggs');
      expect(note.error()).toBeNull();
      dispose();
    });
  });
});
