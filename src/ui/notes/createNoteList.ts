import { createResource, createSignal, onCleanup } from 'solid-js';
import { NOTE_LIST_PAGE as PAGE } from '../../worker/stores/firstNotePage';
import type { NoteHeader, NoteSort } from '../../worker/stores/notesStore';
import type { VaultClient } from '../vault/createVaultClient';

let marked = false;
/** `cairn:list-ready`: the first page of the note list is rendered (npm run bench reads it). */
function markReady() {
  if (marked) return;
  marked = true;
  queueMicrotask(() => performance.mark('cairn:list-ready'));
}

/**
 * The note list of one folder (or the whole vault), loaded page by page as it scrolls: only
 * the rows on screen (plus a page around them) are ever asked of the worker. Reloads the pages
 * it holds when the change feed reports a note change.
 */
export function createNoteList(client: VaultClient, folder: () => string | undefined, sort: () => NoteSort) {
  const [version, setVersion] = createSignal(0);
  const pages = new Map<number, NoteHeader[]>();
  const pending = new Set<number>();
  const [rows, setRows] = createSignal<ReadonlyMap<number, NoteHeader[]>>(pages);
  const [total] = createResource(
    () => ({ folder: folder(), sort: sort(), v: version() }),
    async (key) => {
      const first = await client.api.listNotes({
        folder: key.folder,
        sort: key.sort,
        offset: 0,
        limit: PAGE,
      });
      const held = [...pages.keys()].filter((p) => p !== 0);
      pages.clear();
      pages.set(0, first.items);
      // Refresh the other pages the user had scrolled to, so a live update keeps them current.
      await Promise.all(held.map((p) => loadPage(p, key.folder, key.sort)));
      setRows(new Map(pages));
      markReady();
      return first.total;
    },
  );

  async function loadPage(page: number, f = folder(), s = sort()) {
    const res = await client.api.listNotes({ folder: f, sort: s, offset: page * PAGE, limit: PAGE });
    pages.set(page, res.items);
  }

  const unsubscribe = client.onChange((batch) => {
    // notePositions: a manual order stored here or in another tab reorders the list.
    if (batch.changes.some((c) => c.table === 'notes' || c.table === 'notePositions'))
      setVersion((v) => v + 1);
  });
  onCleanup(unsubscribe);

  return {
    total: () => total() ?? 0,
    loading: () => total.loading,
    /** the row at `index`, or undefined while its page loads (it is requested) */
    at(index: number): NoteHeader | undefined {
      const page = Math.floor(index / PAGE);
      const held = rows().get(page);
      if (!held) {
        if (!pending.has(page)) {
          pending.add(page);
          void loadPage(page).then(() => {
            pending.delete(page);
            setRows(new Map(pages));
          });
        }
        return undefined;
      }
      return held[index % PAGE];
    },
  };
}
