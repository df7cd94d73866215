import { For, Show } from 'solid-js';
import { useTagLooks } from './tagLooksContext';
import './tags.css';

interface Props {
  tags: readonly string[];
  /** names the list for assistive technology, e.g. "Tags of Buy milk" */
  label: string;
}

/** A record's tags as chips, each in its tag's colour and with its icon (tags.updateTagColor/Icon). */
export function TagChips(props: Props) {
  return (
    <Show when={props.tags.length > 0}>
      <ul class="tag-chips" aria-label={props.label}>
        <For each={props.tags}>
          {(tag) => {
            const look = () => useTagLooks()?.look(tag) ?? null;
            return (
              <li class="tag-chip" data-color={look()?.color ?? undefined}>
                <Show when={look()?.icon}>{(icon) => <span aria-hidden="true">{icon()} </span>}</Show>#
                {tag.replace(/^#/, '')}
              </li>
            );
          }}
        </For>
      </ul>
    </Show>
  );
}
