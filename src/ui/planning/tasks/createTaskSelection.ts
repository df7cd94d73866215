import { type Accessor, createMemo, createSignal } from 'solid-js';
import { chosenOf, toggled } from './bulkSelection';

/**
 * Selection mode of one task list (Today, Upcoming, Overdue, a project's list or board).
 * `visibleIds` are the tasks the list shows now; `chosen()` is what an action works on.
 */
export function createTaskSelection(visibleIds: Accessor<readonly string[]>) {
  const [selecting, setSelecting] = createSignal(false);
  const [picked, setPicked] = createSignal<ReadonlySet<string>>(new Set());
  const chosen = createMemo(() => chosenOf(visibleIds(), picked()));
  const allSelected = () => visibleIds().length > 0 && chosen().length === visibleIds().length;
  return {
    selecting,
    chosen,
    isSelected: (id: string) => picked().has(id),
    toggle: (id: string) => setPicked((p) => toggled(p, id)),
    allSelected,
    /** Select every task in view, or none when all of them already are. */
    toggleAll: () => setPicked(allSelected() ? new Set<string>() : new Set(visibleIds())),
    start: () => setSelecting(true),
    /** Leaves selection mode; nothing stays selected. */
    stop: () => {
      setSelecting(false);
      setPicked(new Set<string>());
    },
  };
}

export type TaskSelection = ReturnType<typeof createTaskSelection>;
