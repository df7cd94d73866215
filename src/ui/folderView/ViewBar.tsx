import { createSignal, For, Show } from 'solid-js';
import type { FolderView } from '../../worker/ops/folderView/folderViewSchemas';
import { ALL_PROPERTIES } from './viewColumns';

interface Props {
  views: FolderView[];
  current: FolderView;
  onSwitch: (id: string) => void;
  onCreate: (name: string) => Promise<boolean>;
  onRename: (name: string) => Promise<boolean>;
  onDelete: () => void;
}

/** Choose a saved view; create one from what the table shows, rename or delete the chosen one. */
export function ViewBar(props: Props) {
  const [mode, setMode] = createSignal<'create' | 'rename' | null>(null);
  // What the name box holds: set once when the form opens, then only by typing. Bound to the
  // current view instead, any re-read (this tab's own, another tab's save) put the stored name
  // back over what was being typed, and Save then stored the old name.
  const [draft, setDraft] = createSignal('');
  const open = (m: 'create' | 'rename') => {
    setDraft(m === 'rename' ? props.current.name : '');
    setMode(m);
  };
  let input!: HTMLInputElement;
  const saved = () => props.current.id !== '';

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const name = input.value.trim();
    if (name === '') return input.focus();
    const done = mode() === 'rename' ? await props.onRename(name) : await props.onCreate(name);
    if (done) setMode(null);
    else input.focus();
  }

  return (
    <div class="view-bar">
      <label>
        View
        <select value={props.current.id} onChange={(e) => props.onSwitch(e.currentTarget.value)}>
          <option value="">{ALL_PROPERTIES.name}</option>
          <For each={props.views}>{(v) => <option value={v.id}>{v.name}</option>}</For>
        </select>
      </label>
      <Show
        when={mode()}
        fallback={
          <>
            <button type="button" onClick={() => open('create')}>
              New view
            </button>
            <Show when={saved()}>
              <button type="button" onClick={() => open('rename')}>
                Rename view
              </button>
              <button type="button" class="danger" onClick={() => props.onDelete()}>
                Delete view
              </button>
            </Show>
          </>
        }
      >
        <form class="view-name" onSubmit={submit}>
          <label>
            View name
            <input
              ref={input}
              required
              maxLength={200}
              value={draft()}
              onInput={(e) => setDraft(e.currentTarget.value)}
              autofocus
            />
          </label>
          <button type="submit" class="primary">
            {mode() === 'rename' ? 'Save name' : 'Create view'}
          </button>
          <button type="button" onClick={() => setMode(null)}>
            Cancel
          </button>
        </form>
      </Show>
    </div>
  );
}
