import { For } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { readOp } from '../shared/callOp';
import type { CardEntity } from './cardEntities';
import { createPickerSearch } from './createPickerSearch';

const KIND: Record<string, string> = { note: 'note', task: 'task', project: 'project' };

/** A title search over notes, open tasks and projects; a pick adds a card for it. */
export function CardPicker(props: {
  client: VaultClient;
  onPick: (e: CardEntity) => void;
  onClose: () => void;
}) {
  const { query, found, message, search } = createPickerSearch<CardEntity>({
    find: async (q) => {
      const res = await readOp<{ entities: CardEntity[] }>(props.client, 'canvas.findEntities', q, 12);
      return res.ok ? { ok: true, value: res.value.entities } : res;
    },
    empty: () => 'Nothing matches.',
    searchBlank: false,
  });
  return (
    <div class="card-picker">
      <input
        type="search"
        aria-label="Find a note, task or project"
        placeholder="Find a note, task or project…"
        value={query()}
        ref={(el) => queueMicrotask(() => el.focus())}
        onInput={(e) => void search(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') props.onClose();
        }}
      />
      <ul aria-label="Card candidates">
        <For each={found()}>
          {(e) => (
            <li>
              <button type="button" onClick={() => props.onPick(e)}>
                Add card for {KIND[e.entity_type]} {e.title}
              </button>
            </li>
          )}
        </For>
      </ul>
      <p class="empty" role="status">
        {message()}
      </p>
      <button type="button" onClick={props.onClose}>
        Close
      </button>
    </div>
  );
}
