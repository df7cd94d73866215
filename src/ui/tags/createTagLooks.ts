import { createEffect, createSignal, on, onCleanup } from 'solid-js';
import type { TagEntry } from '../../worker/domain/tags/tagList';
import type { VaultClient } from '../vault/createVaultClient';

/** How a tag looks wherever it is shown: its colour name and icon (from its definition). */
export interface TagLook {
  color: string | null;
  icon: string | null;
}

const LOOK_TABLES = ['tagDefs', 'tagCategories'];

/**
 * The vault's tag looks for chips in notes and tasks, one store per app. Nothing is read until
 * the first chip asks (the first paint of the notes list never pays for it); then it re-reads
 * only when a tag definition or category changes, since usage counts do not change a look.
 */
export function createTagLooks(client: VaultClient) {
  const [wanted, setWanted] = createSignal(false);
  const [version, setVersion] = createSignal(0);
  onCleanup(
    client.onChange((b) => {
      if (wanted() && b.changes.some((c) => LOOK_TABLES.includes(c.table))) setVersion((v) => v + 1);
    }),
  );
  // Plain signals, not a resource: chips are read inside the note editor's Suspense boundary,
  // which a resource read would suspend.
  const [byKey, setByKey] = createSignal(new Map<string, TagLook>());
  createEffect(
    on([wanted, version], async ([want]) => {
      if (!want) return;
      const res = await client.api.read('tags.getAllWithCounts', []);
      if (!res.ok) return;
      const map = new Map<string, TagLook>();
      for (const t of res.value as TagEntry[])
        if (t.color !== null || t.icon !== null)
          map.set(t.name.toLowerCase(), { color: t.color, icon: t.icon });
      setByKey(map);
    }),
  );
  return {
    /** The look of `tag` (case-insensitive, with or without #); null while unread or undefined. */
    look(tag: string): TagLook | null {
      if (!wanted()) queueMicrotask(() => setWanted(true));
      return byKey().get(tag.replace(/^#/, '').toLowerCase()) ?? null;
    },
  };
}

export type TagLooks = ReturnType<typeof createTagLooks>;
