/** How long "Saving…" stays after the last write of a burst of typing before "Saved" shows. */
export const SAVED_HOLD_MS = 400;

export interface BodySaveState {
  ready: boolean;
  saving: boolean;
  /** a write was refused: its updates wait in the queue for the next edit */
  failed: boolean;
}

/**
 * The note body's save status as shown in the editor bar (a polite live region). Each key is
 * one write to the vault worker, so the raw state flips Saving/Saved on every key: the bar's text
 * changed twice a key, relaid out and repainted the whole page around the editor (the largest
 * paint of a key in a 1 MB note, tests/bench/largeNote.ts) and a screen reader was told each time.
 * Here "Saving…" shows at the first write and stays while writes follow within `holdMs`; "Saved"
 * shows only once nothing has been written for `holdMs`, so it never shows while a write is in
 * flight. A refused write shows "Not saved" until a later write succeeds.
 */
export function createSaveLabel(show: (label: string) => void, holdMs = SAVED_HOLD_MS) {
  let shown: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const set = (label: string) => {
    if (label !== shown) {
      shown = label;
      show(label);
    }
  };
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return {
    update(s: BodySaveState) {
      if (s.saving) {
        cancel();
        set('Saving…');
      } else if (s.failed) {
        cancel();
        set('Not saved');
      } else if (!s.ready) set('Opening…');
      else if (shown !== 'Saving…') set('Saved');
      else if (timer === undefined)
        timer = setTimeout(() => {
          timer = undefined;
          set('Saved');
        }, holdMs);
    },
    dispose: cancel,
  };
}
