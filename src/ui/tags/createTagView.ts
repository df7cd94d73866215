import { createResource, createSignal, onCleanup } from 'solid-js';
import type { NoteEntry } from '../../worker/ops/notes/noteShape';
import type { TagCount } from '../../worker/ops/tags/noteTagIndex';
import type { VaultClient } from '../vault/createVaultClient';

const REFRESH_MS = 800;

/**
 * The tag view's state: every note tag with its count, the chosen tag and its notes. Read only
 * while the view is open, and again at most every 0.8 s while notes change (typing changes a
 * note's tags at any keystroke; the list need not follow each one).
 */
export function createTagView(client: VaultClient) {
  const [open, setOpen] = createSignal(false);
  const [selected, setSelected] = createSignal<string | null>(null);
  const [version, setVersion] = createSignal(0);
  const [error, setError] = createSignal<string | null>(null);
  const [tags] = createResource(
    () => (open() ? version() : false),
    async () => {
      const res = await client.api.read('notes.getTags', []);
      return res.ok ? (res.value as TagCount[]) : [];
    },
    { initialValue: [] },
  );
  const [notes] = createResource(
    () => (open() && selected() !== null ? `${selected()}\u0000${version()}` : false),
    async () => {
      const res = await client.api.read('tags.getNotesByTag', [selected()]);
      return res.ok ? (res.value as (NoteEntry & { pinned?: boolean })[]) : [];
    },
    { initialValue: [] },
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  onCleanup(
    client.onChange((b) => {
      if (
        !open() ||
        timer !== undefined ||
        !b.changes.some((c) => c.table === 'notes' || c.table === 'tagDefs')
      )
        return;
      timer = setTimeout(() => {
        timer = undefined;
        setVersion((v) => v + 1);
      }, REFRESH_MS);
    }),
  );
  onCleanup(() => clearTimeout(timer));

  return {
    open,
    setOpen,
    tags,
    selected,
    select: (tag: string | null) => setSelected((t) => (t === tag ? null : tag)),
    notes,
    error,
    setError,
    /** Renames the chosen tag in every note (`tags.renameTag`); a merge when `to` exists. */
    async rename(from: string, to: string): Promise<void> {
      const res = await client.api.write('tags.renameTag', [from, to]);
      if (!res.ok) {
        setError(res.error.message);
        return;
      }
      setError(null);
      setSelected(to.replace(/^#/, ''));
      setVersion((v) => v + 1);
    },
  };
}

export type TagView = ReturnType<typeof createTagView>;
