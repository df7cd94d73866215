import { createSignal, For } from 'solid-js';
import { createDrafts } from '../forms/createDrafts';
import type { TagCategory } from './createTagView';

interface Props {
  categories: readonly TagCategory[];
  write: (op: string, args: unknown[]) => Promise<boolean>;
}

/** The tag categories: add one, rename or delete each (its tags stay, uncategorised). */
export function TagCategories(props: Props) {
  const [name, setName] = createSignal('');
  // A name typed stays until it is written, also when another tab renames the category meanwhile.
  const typed = createDrafts();
  return (
    <details class="tag-categories">
      <summary>Tag categories</summary>
      <ul aria-label="Tag categories">
        <For each={props.categories} fallback={<li class="empty">No categories yet.</li>}>
          {(c) => (
            <li>
              <input
                aria-label={`Name of category ${c.name}`}
                value={typed.value(c.id, () => c.name)}
                onInput={(e) => typed.input(c.id, e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') e.currentTarget.blur();
                }}
                onChange={async (e) => {
                  const next = e.currentTarget.value.trim();
                  const before = c.name;
                  if (next === '' || next === before) return typed.reset(c.id);
                  if (await props.write('tags.renameCategory', [c.id, next])) typed.saved(c.id, before);
                }}
              />
              <span class="count">
                {c.tag_count} {c.tag_count === 1 ? 'tag' : 'tags'}
              </span>
              <button
                type="button"
                class="danger"
                aria-label={`Delete category ${c.name}`}
                onClick={() => void props.write('tags.deleteCategory', [c.id])}
              >
                Delete
              </button>
            </li>
          )}
        </For>
      </ul>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          if (name().trim() !== '' && (await props.write('tags.createCategory', [name().trim()])))
            setName('');
        }}
      >
        <label>
          New category
          <input value={name()} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <button type="submit" disabled={name().trim() === ''}>
          Add category
        </button>
      </form>
    </details>
  );
}
