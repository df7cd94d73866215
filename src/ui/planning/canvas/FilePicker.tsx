import { For } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { readOp } from '../shared/callOp';
import type { CardEntity } from './cardEntities';
import { createPickerSearch } from './createPickerSearch';
import { fileKind, sizeLabel } from './fileLabels';

interface FoundFile {
  id: string;
  title: string;
  folder: string;
  fileType: string;
  size: number | null;
}

/**
 * The vault's filed files by name (canvas.findFiles; the newest before anything is typed); a pick
 * places a card for the file, as the card picker does for notes, tasks and projects.
 */
export function FilePicker(props: {
  client: VaultClient;
  onPick: (e: CardEntity) => void;
  onClose: () => void;
}) {
  const { query, found, message, search } = createPickerSearch<FoundFile>({
    find: async (q) => {
      const res = await readOp<{ files: FoundFile[] }>(props.client, 'canvas.findFiles', q, 20);
      return res.ok ? { ok: true, value: res.value.files } : res;
    },
    empty: (q) =>
      q.trim() === '' ? 'No file in this vault yet: import files from the notes list.' : 'No file matches.',
    searchBlank: true,
  });
  return (
    <div class="card-picker">
      <input
        type="search"
        aria-label="Find a file"
        placeholder="Find a file…"
        value={query()}
        ref={(el) => queueMicrotask(() => el.focus())}
        onInput={(e) => void search(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          e.stopPropagation();
          props.onClose();
        }}
      />
      <ul aria-label="Files">
        <For each={found()}>
          {(f) => (
            <li>
              <button
                type="button"
                onClick={() =>
                  props.onPick({ entity_type: 'note', entity_id: f.id, title: f.title, context: f.folder })
                }
              >
                Add card for file {f.title}
                <span class="muted">
                  {' '}
                  {[fileKind(f.fileType), sizeLabel(f.size)].filter(Boolean).join(' · ')}
                </span>
              </button>
            </li>
          )}
        </For>
      </ul>
      <p class="empty" role="status">
        {message()}
      </p>
    </div>
  );
}
