import { createSignal, Show } from 'solid-js';
import type { VaultClient } from '../vault/createVaultClient';
import { LocalOnlyToggle } from './LocalOnlyToggle';
import { NoteExports } from './NoteExports';

interface Props {
  client: VaultClient;
  noteId: string;
}

/** The open note's less frequent actions, folded behind one button so the bar fits a phone. */
export function NoteMenu(props: Props) {
  const [open, setOpen] = createSignal(false);
  return (
    <>
      <button type="button" aria-expanded={open()} onClick={() => setOpen((o) => !o)}>
        More
      </button>
      <Show when={open()}>
        <fieldset
          class="note-menu"
          aria-label="Note actions"
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
          }}
        >
          <LocalOnlyToggle client={props.client} noteId={props.noteId} />
          <NoteExports client={props.client} noteId={props.noteId} />
        </fieldset>
      </Show>
    </>
  );
}
