import { createSignal, onCleanup } from 'solid-js';

const THRESHOLD = 6;

/**
 * Dragging board cards with pointer events, so one path serves mouse, pen and touch: a press
 * on a card (with a mouse anywhere on it, with touch on its grip, so the board still scrolls)
 * that moves past a few pixels becomes a drag; the column under the pointer is highlighted
 * and receives the card on release. The click that ends a drag is swallowed so it does not
 * open the editor.
 */
export function createBoardDrag(onDrop: (taskId: string, statusId: string) => void) {
  const [dragging, setDragging] = createSignal<string | null>(null);
  const [over, setOver] = createSignal<string | null>(null);
  let press: { id: string; x: number; y: number } | null = null;
  let swallowClick = false;

  const columnAt = (x: number, y: number) =>
    document.elementFromPoint(x, y)?.closest('[data-status-id]')?.getAttribute('data-status-id') ?? null;

  const move = (e: PointerEvent) => {
    if (press === null) return;
    if (dragging() === null && Math.hypot(e.clientX - press.x, e.clientY - press.y) < THRESHOLD) return;
    setDragging(press.id);
    setOver(columnAt(e.clientX, e.clientY));
  };
  const up = (e: PointerEvent) => {
    const id = dragging();
    press = null;
    setDragging(null);
    setOver(null);
    if (id === null) return;
    swallowClick = true;
    setTimeout(() => {
      swallowClick = false;
    }, 0);
    const target = columnAt(e.clientX, e.clientY);
    if (target !== null) onDrop(id, target);
  };
  const cancel = () => {
    press = null;
    setDragging(null);
    setOver(null);
  };
  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', up);
  window.addEventListener('pointercancel', cancel);
  onCleanup(() => {
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', up);
    window.removeEventListener('pointercancel', cancel);
  });

  return {
    dragging,
    over,
    /** pointerdown on a card; `onGrip` tells whether it started on the card's grip */
    start(e: PointerEvent, taskId: string, onGrip: boolean) {
      if (e.button !== 0 || (e.target as Element).closest('select')) return;
      if (e.pointerType !== 'mouse' && !onGrip) return;
      if (onGrip) e.preventDefault();
      press = { id: taskId, x: e.clientX, y: e.clientY };
    },
    /** click capture on a card: true when the click only ended a drag */
    endedDrag: () => swallowClick,
  };
}

export type BoardDrag = ReturnType<typeof createBoardDrag>;
