import { createEffect, createResource, createSignal, onCleanup } from 'solid-js';
import type { VaultClient } from '../vault/createVaultClient';
import { documentTitle } from './documentTitle';

interface TitleSources {
  client: VaultClient;
  noteId: () => string | null;
  section: () => string;
  /** every section's visible label by id (the notes area is 'notes') */
  label: (sectionId: string) => string | undefined;
}

/** Keeps `document.title` naming the view: the open note's title (kept current on rename) or the section. */
export function createDocumentTitle(s: TitleSources): void {
  const [version, setVersion] = createSignal(0);
  onCleanup(
    s.client.onChange((batch) => {
      const id = s.noteId();
      if (id && batch.changes.some((c) => c.table === 'notes' && c.ids.includes(id)))
        setVersion((v) => v + 1);
    }),
  );
  const [header] = createResource(
    () => {
      const id = s.noteId();
      return id ? { id, v: version() } : null;
    },
    ({ id }) => s.client.api.getNoteHeader(id),
  );
  createEffect(() => {
    const id = s.noteId();
    const h = id ? header.latest : null;
    document.title = documentTitle({
      noteTitle: h && h.id === id ? h.title : null,
      sectionLabel: s.label(s.section()),
    });
  });
}
