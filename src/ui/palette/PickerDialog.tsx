import './palette.css';
import { createEffect, createSignal, createUniqueId, For, type JSX, on, onMount, Show } from 'solid-js';
import { showModalWhenConnected } from '../app/showModal';

export interface PickerItem {
  id: string;
  label: string;
  /** shown after the label, quieter: a key combination, a folder */
  detail?: string;
}

interface Props<T extends PickerItem> {
  /** the dialog's name, and the field's */
  title: string;
  placeholder: string;
  /** the items for what is typed; may be async (a worker read) */
  items: (query: string) => T[] | Promise<T[]>;
  onPick: (item: T, query: string) => void;
  onClose: () => void;
  /** what the count says when nothing matches */
  empty: string;
  footer?: JSX.Element;
  /** read again, with the same query, whenever this changes (the index took a save) */
  version?: () => number;
}

/**
 * A modal "type to choose" list, the shape the command palette and the quick switcher share (the
 * WAI-ARIA combobox with a listbox popup): the field keeps the focus, ↑/↓ move the active option
 * (aria-activedescendant), Enter picks it, Escape closes, a click picks too. The number of matches
 * is announced as it changes.
 */
export function PickerDialog<T extends PickerItem>(props: Props<T>) {
  let dialog!: HTMLDialogElement;
  let input!: HTMLInputElement;
  const uid = createUniqueId();
  const [query, setQuery] = createSignal('');
  const [found, setFound] = createSignal<T[]>([]);
  const [active, setActive] = createSignal(0);
  let asked = 0;
  createEffect(
    on([query, () => props.version?.()], async ([q]) => {
      const ticket = ++asked;
      const items = await props.items(q);
      if (ticket !== asked) return; // a newer query is on its way
      // Read again for the same query: the chosen item stays chosen.
      const was = found()[active()]?.id;
      setFound(items);
      setActive(
        Math.max(
          0,
          items.findIndex((i) => i.id === was),
        ),
      );
    }),
  );
  onMount(() => {
    showModalWhenConnected(dialog);
    requestAnimationFrame(() => input.focus());
  });
  const optionId = (i: number) => `${uid}-opt-${i}`;
  const pick = (item: T | undefined) => {
    if (!item) return;
    const q = query();
    dialog.close();
    props.onPick(item, q);
  };
  const count = () => {
    const n = found().length;
    return n === 0 ? props.empty : `${n} ${n === 1 ? 'match' : 'matches'}`;
  };
  return (
    <dialog ref={dialog} class="picker" aria-label={props.title} onClose={props.onClose}>
      <input
        ref={input}
        type="text"
        role="combobox"
        aria-label={props.title}
        aria-expanded="true"
        aria-controls={`${uid}-list`}
        aria-autocomplete="list"
        aria-activedescendant={found().length > 0 ? optionId(active()) : undefined}
        placeholder={props.placeholder}
        autocomplete="off"
        spellcheck={false}
        value={query()}
        onInput={(e) => setQuery(e.currentTarget.value)}
        onKeyDown={(e) => {
          const n = found().length;
          if (e.key === 'ArrowDown' && n > 0) {
            e.preventDefault();
            setActive((i) => (i + 1) % n);
          } else if (e.key === 'ArrowUp' && n > 0) {
            e.preventDefault();
            setActive((i) => (i - 1 + n) % n);
          } else if (e.key === 'Enter') {
            e.preventDefault();
            pick(found()[active()]);
          }
        }}
      />
      <p class="picker-count visually-hidden" role="status">
        {count()}
      </p>
      <div id={`${uid}-list`} class="picker-list" role="listbox" aria-label={`${props.title}: results`}>
        <For each={found()}>
          {(item, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox field handles the keys (↑/↓/Enter)
            <div
              id={optionId(i())}
              role="option"
              tabIndex={-1}
              aria-selected={i() === active()}
              class="picker-option"
              onMouseMove={() => setActive(i())}
              onClick={() => pick(item)}
            >
              <span class="picker-label">{item.label}</span>
              <Show when={item.detail}>
                <span class="picker-detail">{item.detail}</span>
              </Show>
            </div>
          )}
        </For>
      </div>
      <Show when={found().length === 0}>
        <p class="picker-empty">{props.empty}</p>
      </Show>
      {props.footer}
    </dialog>
  );
}
