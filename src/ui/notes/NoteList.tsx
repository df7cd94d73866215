import { createEffect, createSignal, For, onCleanup, onMount, Show } from 'solid-js';
import type { NoteHeader } from '../../worker/stores/notesStore';
import { createRowDrag } from './createRowDrag';
import { NOTES_DRAG_TYPE } from './moveNotes';
import './noteOrder.css';

const ROW = 56;
const OVERSCAN = 8;

interface Props {
  total: number;
  at: (index: number) => NoteHeader | undefined;
  selectedId: string | null;
  onOpen: (id: string) => void;
  /** the list shows the folder's manual order: rows move by drag or Alt+ArrowUp/Down */
  manual?: boolean;
  /** move note `id` from row `from` to row `to` (notes.reorder); settles once stored */
  onMove?: (id: string, from: number, to: number) => Promise<void>;
  /** selection mode: each row gets a checkbox (to move several notes at once) */
  selected?: ReadonlySet<string>;
  onToggleSelect?: (id: string) => void;
}

/**
 * A virtualized list: only the rows in view (plus a few) are in the DOM, so a vault of 10,000
 * notes renders as fast as one of 20. Arrow keys move between notes, Enter opens one; in manual
 * order Alt+ArrowUp/Down moves the focused note and a handle drags it.
 */
export function NoteList(props: Props) {
  let scroller!: HTMLDivElement;
  const [scrollTop, setScrollTop] = createSignal(0);
  const [height, setHeight] = createSignal(600);
  // The note to focus once it is rendered at its new place (after a keyboard move).
  const [focusAt, setFocusAt] = createSignal<{ id: string; index: number } | null>(null);
  onMount(() => {
    const ro = new ResizeObserver(() => setHeight(scroller.clientHeight));
    ro.observe(scroller);
    onCleanup(() => ro.disconnect());
  });
  const first = () => Math.max(0, Math.floor(scrollTop() / ROW) - OVERSCAN);
  const last = () => Math.min(props.total, Math.ceil((scrollTop() + height()) / ROW) + OVERSCAN);
  const indexes = () => Array.from({ length: Math.max(0, last() - first()) }, (_, i) => first() + i);

  function reveal(index: number) {
    const top = index * ROW;
    if (top < scroller.scrollTop) scroller.scrollTop = top;
    else if (top + ROW > scroller.scrollTop + scroller.clientHeight)
      scroller.scrollTop = top + ROW - scroller.clientHeight;
  }

  function move(from: number, to: number) {
    const note = props.at(from);
    if (!note || !props.onMove || to < 0 || to >= props.total || to === from) return;
    setFocusAt({ id: note.id, index: to });
    reveal(to);
    void props.onMove(note.id, from, to);
  }
  const rowDrag = createRowDrag(ROW, () => props.total, move);

  function onKey(e: KeyboardEvent, index: number) {
    const step = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    if (e.altKey) {
      if (props.manual) move(index, index + step);
      return;
    }
    const next = Math.min(props.total - 1, Math.max(0, index + step));
    reveal(next);
    requestAnimationFrame(() => scroller.querySelector<HTMLElement>(`[data-index="${next}"]`)?.focus());
  }

  const offset = (index: number) => {
    const d = rowDrag.drag();
    return d?.from === index ? index * ROW + d.dy : index * ROW;
  };

  // Above the row it lands on when moving up, below it when moving down.
  const dropLineAt = () => {
    const to = rowDrag.target() ?? 0;
    return to > (rowDrag.drag()?.from ?? 0) ? (to + 1) * ROW - 2 : to * ROW;
  };

  return (
    <div class="note-list" ref={scroller} onScroll={() => setScrollTop(scroller.scrollTop)}>
      <Show when={props.total > 0} fallback={<p class="empty">No notes here yet.</p>}>
        <ul aria-label="Notes" style={{ height: `${props.total * ROW}px` }}>
          <Show when={rowDrag.target() !== null}>
            <li class="drop-line" aria-hidden="true" style={{ transform: `translateY(${dropLineAt()}px)` }} />
          </Show>
          <For each={indexes()}>
            {(index) => {
              const note = () => props.at(index);
              return (
                <li
                  style={{ transform: `translateY(${offset(index)}px)` }}
                  classList={{ dragging: rowDrag.drag()?.from === index }}
                  aria-setsize={props.total}
                  aria-posinset={index + 1}
                >
                  <Show when={note()} fallback={<div class="row placeholder" aria-hidden="true" />}>
                    {(n) => (
                      <>
                        <Show when={props.selected}>
                          {(sel) => (
                            <input
                              type="checkbox"
                              class="row-select"
                              aria-label={`Select ${n().title}`}
                              checked={sel().has(n().id)}
                              onChange={() => props.onToggleSelect?.(n().id)}
                            />
                          )}
                        </Show>
                        <button
                          type="button"
                          class="row"
                          classList={{ selectable: props.selected !== undefined }}
                          draggable="true"
                          onDragStart={(e) => {
                            // dropped on a folder of the tree: the selection when this row is in it
                            const sel = props.selected;
                            const ids = sel?.has(n().id) ? [...sel] : [n().id];
                            e.dataTransfer?.setData(NOTES_DRAG_TYPE, JSON.stringify(ids));
                            e.dataTransfer?.setData('text/plain', `[[${n().title}]]`);
                            if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
                          }}
                          data-index={index}
                          ref={(el) =>
                            createEffect(() => {
                              const want = focusAt();
                              if (want?.index === index && want.id === n().id) {
                                setFocusAt(null);
                                el.focus();
                              }
                            })
                          }
                          aria-describedby={`note-snippet-${index}`}
                          aria-description={n().localOnly ? 'Kept on this device only' : undefined}
                          aria-keyshortcuts={props.manual ? 'Alt+ArrowUp Alt+ArrowDown' : undefined}
                          aria-current={props.selectedId === n().id ? 'true' : undefined}
                          onClick={() => props.onOpen(n().id)}
                          onKeyDown={(e) => onKey(e, index)}
                        >
                          {/* The row's name is its title, the text it shows (WCAG 2.5.3); the icon and
                              the marker are said by the description, the snippet describes it. */}
                          <span class="title">
                            <Show when={n().emoji}>
                              <span aria-hidden="true">{n().emoji} </span>
                            </Show>
                            {n().title}
                            <Show when={n().localOnly}>
                              <span
                                class="local-only-mark"
                                title="Kept on this device only"
                                aria-hidden="true"
                              >
                                {' '}
                                · this device only
                              </span>
                            </Show>
                          </span>
                        </button>
                        <span class="snippet" id={`note-snippet-${index}`}>
                          {n().snippet || 'Empty note'}
                        </span>
                        <Show when={props.manual}>
                          {/* Pointer-only affordance: the keyboard moves the focused row with Alt+Arrow. */}
                          <span
                            class="drag-handle"
                            data-testid="drag-handle"
                            title={`Drag to move “${n().title}”`}
                            aria-hidden="true"
                            {...rowDrag.handlers(index)}
                          >
                            ⠿
                          </span>
                        </Show>
                      </>
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
