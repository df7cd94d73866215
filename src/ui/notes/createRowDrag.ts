import { createSignal } from 'solid-js';

export interface RowDrag {
  /** the row being dragged and how far (px) the pointer has moved it */
  from: number;
  dy: number;
}

/**
 * Dragging a list row by its handle with any pointer (mouse, pen, touch: the handle sets
 * `touch-action: none`, so a finger drags rather than scrolls). The pointer is captured on the
 * handle, so the drag follows it outside the row; on release `drop(from, to)` gets the row index
 * the row was let go over. A cancelled pointer (a system gesture) drops nothing.
 */
export function createRowDrag(
  rowHeight: number,
  count: () => number,
  drop: (from: number, to: number) => void,
) {
  const [drag, setDrag] = createSignal<RowDrag | null>(null);
  let startY = 0;
  const target = (d: RowDrag) => Math.min(count() - 1, Math.max(0, d.from + Math.round(d.dy / rowHeight)));
  return {
    drag,
    /** the index the dragged row would land on now */
    target: () => {
      const d = drag();
      return d ? target(d) : null;
    },
    handlers: (index: number) => ({
      onPointerDown(e: PointerEvent) {
        if (e.button !== 0) return;
        e.preventDefault();
        (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
        startY = e.clientY;
        setDrag({ from: index, dy: 0 });
      },
      onPointerMove(e: PointerEvent) {
        const d = drag();
        if (d) setDrag({ from: d.from, dy: e.clientY - startY });
      },
      onPointerUp() {
        const d = drag();
        setDrag(null);
        if (d && target(d) !== d.from) drop(d.from, target(d));
      },
      onPointerCancel() {
        setDrag(null);
      },
    }),
  };
}
