import EllipsisVertical from 'lucide-solid/icons/ellipsis-vertical';
import { createSignal, type JSX, Show } from 'solid-js';
import type { VaultClient } from '../vault/createVaultClient';
import { LocalOnlyToggle } from './LocalOnlyToggle';
import { NoteExports } from './NoteExports';

interface Props {
  client: VaultClient;
  noteId: string;
  /** the actions the bar folds in here, first (Local graph, Template, History) */
  children?: JSX.Element;
}

/**
 * The open note's less frequent actions behind one ⋮ button ("Note actions"), so the title keeps
 * the bar's width (issue 19 part 3): the bar folds its tools in here before the title gives way.
 */
export function NoteMenu(props: Props) {
  const [open, setOpen] = createSignal(false);
  return (
    <>
      <button
        type="button"
        class="icon-button"
        aria-expanded={open()}
        aria-label="Note actions"
        title="Note actions"
        onClick={() => setOpen((o) => !o)}
      >
        <EllipsisVertical aria-hidden="true" size={18} />
      </button>
      <Show when={open()}>
        <fieldset
          class="note-menu"
          aria-label="Note actions"
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
          }}
        >
          {props.children}
          <LocalOnlyToggle client={props.client} noteId={props.noteId} />
          <NoteExports client={props.client} noteId={props.noteId} />
        </fieldset>
      </Show>
    </>
  );
}
