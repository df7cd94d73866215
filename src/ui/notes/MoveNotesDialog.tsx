import { createSignal, For, onMount, Show } from 'solid-js';
import type { FolderRow } from '../../worker/db/schema';
import { showModalWhenConnected } from '../app/showModal';

interface Props {
  count: number;
  folders: FolderRow[];
  /** the folder shown now: preselected away from, so one arrow key picks another */
  current: string | undefined;
  onMove: (folder: string) => Promise<void>;
  onClose: () => void;
}

/** "Move to…": a folder picker (radio buttons: arrow keys move, Enter moves) for the selected notes. */
export function MoveNotesDialog(props: Props) {
  let dialog!: HTMLDialogElement;
  const [target, setTarget] = createSignal<string | null>(null);
  const [busy, setBusy] = createSignal(false);
  onMount(() => showModalWhenConnected(dialog));
  const choices = () => [
    { path: '', label: 'Vault root' },
    ...props.folders.map((f) => ({ path: f.path, label: f.path })),
  ];
  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const t = target();
    if (t === null) return;
    setBusy(true);
    await props.onMove(t);
    setBusy(false);
    dialog.close();
  }
  return (
    <dialog ref={dialog} class="move-notes" aria-label="Move notes" onClose={props.onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <fieldset>
          <legend>
            Move {props.count} {props.count === 1 ? 'note' : 'notes'} to
          </legend>
          <div class="move-choices">
            <For each={choices()}>
              {(c) => (
                <label>
                  <input
                    type="radio"
                    name="move-target"
                    value={c.path}
                    disabled={c.path === props.current}
                    checked={target() === c.path}
                    onChange={() => setTarget(c.path)}
                  />{' '}
                  {c.label}
                  <Show when={c.path === props.current}> (here)</Show>
                </label>
              )}
            </For>
          </div>
        </fieldset>
        <div class="dialog-actions">
          <button type="button" onClick={() => dialog.close()}>
            Cancel
          </button>
          <button type="submit" class="primary" disabled={target() === null || busy()} aria-busy={busy()}>
            Move
          </button>
        </div>
      </form>
    </dialog>
  );
}
