import { createResource, createSignal, onCleanup } from 'solid-js';
import type { TagEntry } from '../../worker/domain/tags/tagList';
import type { NoteEntry } from '../../worker/ops/notes/noteShape';
import type { VaultClient } from '../vault/createVaultClient';
import { reconciledStorage } from '../vault/reconciledStorage';

const REFRESH_MS = 800;
const TABLES = ['notes', 'tasks', 'inbox', 'tagDefs', 'tagCategories'];

/** A tag category as `tags.listCategories` answers it. */
export interface TagCategory {
  id: string;
  name: string;
  position: number;
  tag_count: number;
}

/**
 * The tag view's state: every tag of notes, tasks and captures with its counts and looks, the
 * categories, the chosen tag and its notes. Read only while the view is open, and again at most
 * every 0.8 s while records change (typing changes a note's tags at any keystroke; the list need
 * not follow each one). Each re-read is reconciled into the last (reconciledStorage): a row or a
 * field of the looks form is touched only when its stored value changed, so a re-read landing
 * while the user types an icon or a category name leaves the typing alone.
 */
export function createTagView(client: VaultClient) {
  const [open, setOpen] = createSignal(false);
  const [selected, setSelected] = createSignal<string | null>(null);
  const [version, setVersion] = createSignal(0);
  const [error, setError] = createSignal<string | null>(null);
  const [tags] = createResource(
    () => (open() ? version() : false),
    async () => {
      const res = await client.api.read('tags.getAllWithCounts', []);
      return res.ok ? (res.value as TagEntry[]) : [];
    },
    { initialValue: [], storage: reconciledStorage<TagEntry>('name') },
  );
  const [categories] = createResource(
    () => (open() ? version() : false),
    async () => {
      const res = await client.api.read('tags.listCategories', []);
      return res.ok ? (res.value as TagCategory[]) : [];
    },
    { initialValue: [], storage: reconciledStorage<TagCategory>('id') },
  );
  const [notes] = createResource(
    () => (open() && selected() !== null ? `${selected()}\u0000${version()}` : false),
    async () => {
      const res = await client.api.read('tags.getNotesByTag', [selected()]);
      return res.ok ? (res.value as (NoteEntry & { pinned?: boolean })[]) : [];
    },
    { initialValue: [], storage: reconciledStorage<NoteEntry & { pinned?: boolean }>('id') },
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  onCleanup(
    client.onChange((b) => {
      if (!open() || timer !== undefined || !b.changes.some((c) => TABLES.includes(c.table))) return;
      timer = setTimeout(() => {
        timer = undefined;
        setVersion((v) => v + 1);
      }, REFRESH_MS);
    }),
  );
  onCleanup(() => clearTimeout(timer));

  /** Runs a tags.* write; a refusal's message shows in the view. Answers whether it was done. */
  async function write(op: string, args: unknown[]): Promise<boolean> {
    const res = await client.api.write(op, args);
    setError(res.ok ? null : res.error.message);
    if (res.ok) setVersion((v) => v + 1);
    return res.ok;
  }

  return {
    open,
    setOpen,
    tags,
    categories,
    selected,
    select: (tag: string | null) => setSelected((t) => (t === tag ? null : tag)),
    notes,
    error,
    setError,
    write,
    /** Renames the chosen tag in every note (`tags.renameTag`); a merge when `to` exists. */
    async rename(from: string, to: string): Promise<void> {
      if (await write('tags.renameTag', [from, to])) setSelected(to.replace(/^#/, ''));
    },
    /** Moves a tag one place up (-1) or down (+1) in the vault's tag order (`tags.reorder`). */
    move(index: number, by: -1 | 1): Promise<boolean> {
      const names = tags().map((t) => t.name);
      const [name] = names.splice(index, 1);
      if (name === undefined || index + by < 0 || index + by > names.length) return Promise.resolve(false);
      names.splice(index + by, 0, name);
      return write('tags.reorder', [names]);
    },
  };
}

export type TagView = ReturnType<typeof createTagView>;
