import { createSignal } from 'solid-js';

/** How long "Moved to Trash · Undo" stays when nobody is on it. */
export const TRASH_TOAST_MS = 10_000;

export interface TrashNotice {
  /** what went: `“Plan”` or `the folder “Work”` */
  what: string;
  undo: () => Promise<void>;
}

/**
 * The one "Moved to Trash" notice of the app: a new delete replaces it; it leaves by itself after
 * TRASH_TOAST_MS unless the focus or the pointer is on it (so a keyboard user can reach Undo).
 */
export function createTrashToast() {
  const [notice, setNotice] = createSignal<TrashNotice | null>(null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const startTimer = () => {
    stopTimer();
    timer = setTimeout(() => setNotice(null), TRASH_TOAST_MS);
  };
  return {
    notice,
    show(n: TrashNotice) {
      setNotice(n);
      startTimer();
    },
    dismiss() {
      stopTimer();
      setNotice(null);
    },
    /** the focus or pointer is on the notice: it stays */
    hold: stopTimer,
    /** it left: the countdown starts again */
    release: startTimer,
  };
}

export type TrashToast = ReturnType<typeof createTrashToast>;
