import * as Comlink from 'comlink';
import { createSignal, onCleanup } from 'solid-js';
import { readOp } from '../planning/shared/callOp';
import type { VaultClient } from '../vault/createVaultClient';
import { PickerDialog } from './PickerDialog';

interface Hit {
  id: string;
  title: string;
  folder_path: string;
  file_type: string;
}
interface Entry {
  id: string;
  title: string;
  folder: string;
}
type Choice = { id: string; label: string; detail?: string; create?: string };

/**
 * The quick switcher (Mod+O): open any note or file by its title (search.quick: fuzzy, accents
 * and case ignored); with nothing typed, the notes edited last. When no title is exactly what was
 * typed, the last choice creates a note with that title, as Obsidian's does.
 */
export function QuickSwitcher(props: {
  client: VaultClient;
  onOpen: (id: string) => void;
  onCreate: (title: string) => void;
  onClose: () => void;
}) {
  // The title index takes a save a moment after it is written: the list follows it.
  const [version, setVersion] = createSignal(0);
  let stopIndexed: (() => Promise<void>) | null = null;
  let closed = false;
  void props.client.api.onSearchIndexed(Comlink.proxy(() => setVersion((v) => v + 1))).then((stop) => {
    if (closed) void stop();
    else stopIndexed = stop;
  });
  onCleanup(() => {
    closed = true;
    void stopIndexed?.();
  });
  async function items(q: string): Promise<Choice[]> {
    const query = q.trim();
    if (query === '') {
      const recent = await readOp<{ notes: Entry[] }>(props.client, 'notes.list', {
        limit: 10,
        sort: 'modified',
      });
      return recent.ok
        ? recent.value.notes.map((n) => ({ id: n.id, label: n.title, detail: n.folder || undefined }))
        : [];
    }
    const res = await readOp<Hit[]>(props.client, 'search.quick', query, 20);
    const hits: Choice[] = res.ok
      ? res.value.map((h) => ({ id: h.id, label: h.title, detail: h.folder_path || undefined }))
      : [];
    const exact = hits.some((h) => h.label.toLocaleLowerCase() === query.toLocaleLowerCase());
    return exact
      ? hits
      : [...hits, { id: `create:${query}`, label: `Create note “${query}”`, create: query }];
  }
  return (
    <PickerDialog<Choice>
      title="Open a note"
      placeholder="Type a note’s title…"
      empty="No note has that title."
      items={items}
      version={version}
      onPick={(c) => (c.create !== undefined ? props.onCreate(c.create) : props.onOpen(c.id))}
      onClose={props.onClose}
    />
  );
}
