import { createSignal, For, onCleanup, onMount, Show } from 'solid-js';
import type { NoteHeader } from '../../worker/stores/notesStore';

const ROW = 56;
const OVERSCAN = 8;

interface Props {
  total: number;
  at: (index: number) => NoteHeader | undefined;
  selectedId: string | null;
  onOpen: (id: string) => void;
}

/**
 * A virtualized list: only the rows in view (plus a few) are in the DOM, so a vault of 10,000
 * notes renders as fast as one of 20. Arrow keys move between notes, Enter opens one.
 */
export function NoteList(props: Props) {
  let scroller!: HTMLDivElement;
  const [scrollTop, setScrollTop] = createSignal(0);
  const [height, setHeight] = createSignal(600);
  onMount(() => {
    const ro = new ResizeObserver(() => setHeight(scroller.clientHeight));
    ro.observe(scroller);
    onCleanup(() => ro.disconnect());
  });
  const first = () => Math.max(0, Math.floor(scrollTop() / ROW) - OVERSCAN);
  const last = () => Math.min(props.total, Math.ceil((scrollTop() + height()) / ROW) + OVERSCAN);
  const indexes = () => Array.from({ length: Math.max(0, last() - first()) }, (_, i) => first() + i);

  function onKey(e: KeyboardEvent, index: number) {
    const step = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = Math.min(props.total - 1, Math.max(0, index + step));
    const top = next * ROW;
    if (top < scroller.scrollTop) scroller.scrollTop = top;
    else if (top + ROW > scroller.scrollTop + scroller.clientHeight)
      scroller.scrollTop = top + ROW - scroller.clientHeight;
    requestAnimationFrame(() => scroller.querySelector<HTMLElement>(`[data-index="${next}"]`)?.focus());
  }

  return (
    <div class="note-list" ref={scroller} onScroll={() => setScrollTop(scroller.scrollTop)}>
      <Show when={props.total > 0} fallback={<p class="empty">No notes here yet.</p>}>
        <ul aria-label="Notes" style={{ height: `${props.total * ROW}px` }}>
          <For each={indexes()}>
            {(index) => {
              const note = () => props.at(index);
              return (
                <li
                  style={{ transform: `translateY(${index * ROW}px)` }}
                  aria-setsize={props.total}
                  aria-posinset={index + 1}
                >
                  <Show when={note()} fallback={<div class="row placeholder" aria-hidden="true" />}>
                    {(n) => (
                      <button
                        type="button"
                        class="row"
                        data-index={index}
                        aria-label={n().title}
                        aria-description={n().localOnly ? 'Kept on this device only' : undefined}
                        aria-current={props.selectedId === n().id ? 'true' : undefined}
                        onClick={() => props.onOpen(n().id)}
                        onKeyDown={(e) => onKey(e, index)}
                      >
                        <span class="title">
                          {n().emoji ? `${n().emoji} ` : ''}
                          {n().title}
                          <Show when={n().localOnly}>
                            <span class="local-only-mark" title="Kept on this device only">
                              {' '}
                              · this device only
                            </span>
                          </Show>
                        </span>
                        <span class="snippet">{n().snippet || 'Empty note'}</span>
                      </button>
                    )}
                  </Show>
                </li>
              );
            }}
          </For>
        </ul>
      </Show>
    </div>
  );
}
