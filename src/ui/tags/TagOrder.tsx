import type { TagEntry } from '../../worker/domain/tags/tagList';
import type { TagView } from './createTagView';

/** Moves the chosen tag one place up or down in the vault's tag order (tags.reorder). */
export function TagOrder(props: { view: TagView; tag: TagEntry }) {
  const index = () => props.view.tags().findIndex((t) => t.name === props.tag.name);
  return (
    <fieldset class="tag-order">
      <legend>Place in the tag order</legend>
      <button
        type="button"
        aria-label={`Move #${props.tag.name} up`}
        disabled={index() <= 0}
        onClick={() => void props.view.move(index(), -1)}
      >
        ↑ Up
      </button>
      <button
        type="button"
        aria-label={`Move #${props.tag.name} down`}
        disabled={index() < 0 || index() === props.view.tags().length - 1}
        onClick={() => void props.view.move(index(), 1)}
      >
        ↓ Down
      </button>
    </fieldset>
  );
}
