import { createSignal } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { readOp } from '../shared/callOp';

interface Props {
  client: VaultClient;
  onAdd: (input: { itemType: string; itemId: string; title?: string }) => Promise<boolean>;
}

/**
 * Bookmark a note by its title (resolved like a wiki link, so `Folder/Title` works too) or a web
 * address. A note whose title is not found is said so plainly.
 */
export function AddBookmark(props: Props) {
  const [kind, setKind] = createSignal<'note' | 'url'>('note');
  const [text, setText] = createSignal('');
  const [problem, setProblem] = createSignal<string | null>(null);
  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const value = text().trim();
    if (value === '') return setProblem(kind() === 'note' ? 'Type a note’s title.' : 'Type a web address.');
    let input: { itemType: string; itemId: string };
    if (kind() === 'url') {
      if (!/^https?:\/\/\S+$/i.test(value))
        return setProblem('A web address starts with http:// or https://.');
      input = { itemType: 'url', itemId: value };
    } else {
      const found = await readOp<{ id: string | null }>(props.client, 'notes.resolveByTitle', value);
      if (!found.ok || found.value.id === null) return setProblem(`No note titled “${value}”.`);
      input = { itemType: 'note', itemId: found.value.id };
    }
    setProblem(null);
    if (await props.onAdd(input)) setText('');
  }
  return (
    <form class="record-form" onSubmit={submit} aria-label="Add bookmark">
      <label>
        Bookmark a
        <select value={kind()} onChange={(e) => setKind(e.currentTarget.value as 'note' | 'url')}>
          <option value="note">Note</option>
          <option value="url">Web address</option>
        </select>
      </label>
      <label>
        {kind() === 'note' ? 'Note title' : 'Address'}
        <input value={text()} onInput={(e) => setText(e.currentTarget.value)} />
      </label>
      <button type="submit" class="primary">
        Add bookmark
      </button>
      <p class="plan-failure" role="alert" hidden={problem() === null}>
        {problem()}
      </p>
    </form>
  );
}
