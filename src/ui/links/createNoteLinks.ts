import { createResource, onCleanup } from 'solid-js';
import type { NoteLinks } from '../../worker/domain/notes/links/getLinks';
import type { VaultClient } from '../vault/createVaultClient';

/**
 * The outgoing links and backlinks of one note (`notes.getLinks`), read again when the change
 * feed says its links changed, or when a note it shows (or the note itself) was renamed, moved
 * or deleted.
 */
export function createNoteLinks(client: VaultClient, id: string) {
  const [links, { refetch }] = createResource(async (): Promise<NoteLinks | null> => {
    const res = await client.api.read('notes.getLinks', [id]);
    return res.ok ? (res.value as NoteLinks) : null;
  });
  const shown = () => {
    const l = links.latest;
    const ids = new Set([id]);
    for (const e of [...(l?.outgoing ?? []), ...(l?.backlinks ?? [])]) if (e.note.id) ids.add(e.note.id);
    return ids;
  };
  onCleanup(
    client.onChange((batch) => {
      const ids = shown();
      const touches = batch.changes.some(
        (c) =>
          (c.table === 'links' && c.ids.includes(id)) ||
          (c.table === 'notes' && (c.op === 'delete' || c.ids.some((x) => ids.has(x) && x !== id))),
      );
      if (touches) void refetch();
    }),
  );
  return links;
}
