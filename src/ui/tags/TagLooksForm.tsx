import { For } from 'solid-js';
import type { TagEntry } from '../../worker/domain/tags/tagList';
import { createDrafts } from '../forms/createDrafts';
import type { TagCategory } from './createTagView';

/** The colour names tags.updateTagColor accepts, in the order the picker lists them. */
export const TAG_COLORS = [
  'gray',
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'purple',
  'pink',
] as const;

interface Props {
  tag: TagEntry;
  categories: readonly TagCategory[];
  write: (op: string, args: unknown[]) => Promise<boolean>;
}

/** How the chosen tag looks and where it is filed: colour, icon and category, each saved on change. */
export function TagLooksForm(props: Props) {
  const name = () => props.tag.name;
  // The icon typed stays until it is written (on leaving the box), also when another tab writes
  // this tag's icon meanwhile; drafts by tag name, as the form follows the chosen tag.
  const typed = createDrafts();
  const storedIcon = () => props.tag.icon ?? '';
  return (
    <fieldset class="tag-looks">
      <legend>Look of #{name()}</legend>
      <label>
        Colour
        <select
          aria-label={`Colour of #${name()}`}
          value={props.tag.color ?? ''}
          onChange={(e) => void props.write('tags.updateTagColor', [name(), e.currentTarget.value || null])}
        >
          <option value="">No colour</option>
          <For each={TAG_COLORS}>
            {(c) => (
              <option value={c} selected={c === props.tag.color}>
                {c}
              </option>
            )}
          </For>
        </select>
        <span class="tag-swatch" data-color={props.tag.color ?? undefined} aria-hidden="true" />
      </label>
      <label>
        Icon
        <input
          aria-label={`Icon of #${name()}`}
          placeholder="an emoji or short text"
          maxLength={64}
          value={typed.value(name(), storedIcon)}
          onInput={(e) => typed.input(name(), e.currentTarget.value)}
          // one write per edit, not per keystroke: on leaving the field, and Enter leaves it
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.currentTarget.blur();
          }}
          onChange={async (e) => {
            const tag = name();
            const before = storedIcon();
            if (await props.write('tags.updateTagIcon', [tag, e.currentTarget.value.trim() || null]))
              typed.saved(tag, before);
          }}
        />
      </label>
      <label>
        Category
        <select
          aria-label={`Category of #${name()}`}
          value={props.tag.category_id ?? ''}
          onChange={(e) => void props.write('tags.setTagCategory', [name(), e.currentTarget.value || null])}
        >
          <option value="">No category</option>
          <For each={props.categories}>
            {(c) => (
              <option value={c.id} selected={c.id === props.tag.category_id}>
                {c.name}
              </option>
            )}
          </For>
        </select>
      </label>
    </fieldset>
  );
}
