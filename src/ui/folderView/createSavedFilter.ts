import { createEffect, createSignal, on, onCleanup } from 'solid-js';
import type { FolderView, ViewFilter } from '../../worker/ops/folderView/folderViewSchemas';

/** No filter: every row, with the title chosen to filter on. */
export const NO_FILTER: ViewFilter = { property: 'title', text: '' };

const same = (a: ViewFilter, b: ViewFilter) => a.property === b.property && a.text === b.text;

/** `view` carrying `filter`, or none when it is the default (so an unfiltered view stores no field). */
export function withFilter(view: FolderView, filter: ViewFilter): FolderView {
  const { filter: _, ...rest } = view;
  return same(filter, NO_FILTER) ? rest : { ...rest, filter };
}

/** Typing pauses this long before a saved view's filter is written (one write per pause, not per key). */
const SAVE_AFTER_MS = 400;

/**
 * The table's filter, saved with the shown view. Switching views shows that view's filter; a
 * filter stored by another tab is taken over, except while an edit of ours waits or is being
 * written (it would undo the letters typed since). An edit of a saved view is written once typing
 * pauses, and at once when the table closes; an unsaved view's filter lasts for the visit.
 */
export function createSavedFilter(view: () => FolderView, save: (view: FolderView) => Promise<unknown>) {
  const [filter, setFilter] = createSignal<ViewFilter>(view().filter ?? NO_FILTER);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing = 0;
  let shownId = view().id;
  // What waits to be written: the view as edited (switching views meanwhile still saves it).
  let waiting: FolderView | null = null;

  async function flush() {
    clearTimeout(timer);
    timer = undefined;
    const edited = waiting;
    waiting = null;
    if (!edited) return;
    writing++;
    try {
      await save(edited);
    } finally {
      writing--;
    }
  }

  createEffect(
    on(view, (v) => {
      const stored = v.filter ?? NO_FILTER;
      if (v.id !== shownId) {
        shownId = v.id;
        if (timer !== undefined) void flush();
        setFilter(stored);
      } else if (timer === undefined && writing === 0 && !same(stored, filter())) setFilter(stored);
    }),
  );
  onCleanup(() => {
    if (timer !== undefined) void flush();
  });

  return {
    filter,
    /** `view` with the filter shown, for a write of the whole view: no separate write of it waits then. */
    into(view: FolderView): FolderView {
      clearTimeout(timer);
      timer = undefined;
      waiting = null;
      return withFilter(view, filter());
    },
    set(next: ViewFilter) {
      setFilter(next);
      if (view().id === '') return;
      waiting = withFilter(view(), next);
      clearTimeout(timer);
      timer = setTimeout(() => void flush(), SAVE_AFTER_MS);
    },
  };
}
