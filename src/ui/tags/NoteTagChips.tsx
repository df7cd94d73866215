import { createEffect, createSignal, on, onCleanup } from 'solid-js';
import type { VaultClient } from '../vault/createVaultClient';
import { TagChips } from './TagChips';

const REFRESH_MS = 800;

/**
 * The open note's tags as coloured chips. Re-read (the note's header, never its body) at most
 * every 0.8 s while the note changes, so typing `#tag` shows a chip without a read per keystroke.
 */
export function NoteTagChips(props: { client: VaultClient; id: string; title: string }) {
  // Plain signals, not a resource: this sits inside the editor's Suspense boundary.
  const [version, setVersion] = createSignal(0);
  const [tags, setTags] = createSignal<readonly string[]>([]);
  createEffect(
    on([() => props.id, version], ([id]) => {
      void props.client.api.getNoteHeader(id).then((h) => {
        if (id === props.id) setTags(h?.tags ?? []);
      });
    }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  onCleanup(
    props.client.onChange((b) => {
      if (timer !== undefined || !b.changes.some((c) => c.table === 'notes' && c.ids.includes(props.id)))
        return;
      timer = setTimeout(() => {
        timer = undefined;
        setVersion((v) => v + 1);
      }, REFRESH_MS);
    }),
  );
  onCleanup(() => clearTimeout(timer));
  return (
    <div class="note-tags">
      <TagChips tags={tags()} label={`Tags of ${props.title}`} />
    </div>
  );
}
