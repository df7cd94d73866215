import { createSignal, Show } from 'solid-js';
import type { AppError } from '../../shared/result';
import { writeOp } from '../planning/shared/callOp';
import type { TrashToast } from '../trash/createTrashToast';
import type { VaultClient } from '../vault/createVaultClient';

interface Props {
  client: VaultClient;
  folder: string | undefined;
  onFolder: (path: string | undefined) => void;
  onError: (e: AppError | null) => void;
  /** "Moved to Trash · Undo" after a delete */
  toast: TrashToast;
}

/** Create a folder; rename or delete the selected one. Each refusal shows the worker's message. */
export function FolderActions(props: Props) {
  const [mode, setMode] = createSignal<'create' | 'rename' | null>(null);
  let input!: HTMLInputElement;

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const value = input.value;
    const res =
      mode() === 'rename' && props.folder
        ? await props.client.api.renameFolder(props.folder, value)
        : await props.client.api.createFolder(value);
    if (!res.ok) {
      props.onError(res.error);
      input.focus();
      return;
    }
    props.onError(null);
    setMode(null);
    props.onFolder(res.value.path);
  }

  async function remove() {
    const path = props.folder;
    if (!path) return;
    // to the Trash with everything in it, Undo at hand (docs/trash.md): no question first
    const res = await props.client.api.deleteFolder(path);
    if (!res.ok) return props.onError(res.error);
    props.onFolder(undefined);
    props.toast.show({
      what: `the folder “${path}”`,
      undo: async () => {
        const back = await writeOp(props.client, 'trash.restore', 'folder', path);
        if (back.ok) props.onFolder(path);
        else props.onError(back.error);
      },
    });
  }

  return (
    <div class="folder-actions">
      <Show
        when={mode()}
        fallback={
          <>
            <button type="button" onClick={() => setMode('create')}>
              New folder
            </button>
            <Show when={props.folder}>
              <button type="button" onClick={() => setMode('rename')}>
                Rename folder
              </button>
              <button type="button" class="danger" onClick={remove}>
                Delete folder
              </button>
            </Show>
          </>
        }
      >
        <form onSubmit={submit}>
          <label>
            {mode() === 'rename' ? 'New path' : 'Folder path'}
            <input ref={input} value={mode() === 'rename' ? (props.folder ?? '') : ''} autofocus required />
          </label>
          <button type="submit">{mode() === 'rename' ? 'Rename' : 'Create folder'}</button>
          <button type="button" onClick={() => setMode(null)}>
            Cancel
          </button>
        </form>
      </Show>
    </div>
  );
}
