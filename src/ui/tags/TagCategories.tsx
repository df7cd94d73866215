import { createSignal, For } from 'solid-js';
import type { TagCategory } from './createTagView';

interface Props {
  categories: readonly TagCategory[];
  write: (op: string, args: unknown[]) => Promise<boolean>;
}

/** The tag categories: add one, rename or delete each (its tags stay, uncategorised). */
export function TagCategories(props: Props) {
  const [name, setName] = createSignal('');
  return (
    <details class="tag-categories">
      <summary>Tag categories</summary>
      <ul aria-label="Tag categories">
        <For each={props.categories} fallback={<li class="empty">No categories yet.</li>}>
          {(c) => (
            <li>
              <input
                aria-label={`Name of category ${c.name}`}
                value={c.name}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') e.currentTarget.blur();
                }}
                onChange={(e) => {
                  const next = e.currentTarget.value.trim();
                  if (next !== '' && next !== c.name) void props.write('tags.renameCategory', [c.id, next]);
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
