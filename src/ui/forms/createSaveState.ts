import { createSignal } from 'solid-js';

export type SaveState = 'idle' | 'saving' | 'saved';

/**
 * What a form's Save is doing, for the person who pressed it: "Saving…" while its write runs,
 * "Saved" once the vault worker answered that it committed, nothing after a refusal (the form's
 * failure message says why) or once the form is typed in again. Only the latest save speaks: an
 * earlier one answering late does not overwrite it.
 */
export function createSaveState() {
  const [state, setState] = createSignal<SaveState>('idle');
  let latest = 0;
  return {
    state,
    /** Runs `write` (true when it committed) and shows its progress; answers what `write` did. */
    async track(write: () => Promise<boolean>): Promise<boolean> {
      const mine = ++latest;
      setState('saving');
      let committed = false;
      try {
        committed = await write();
        return committed;
      } finally {
        if (mine === latest) setState(committed ? 'saved' : 'idle');
      }
    },
    /** The form was typed in: "Saved" no longer describes what it shows. */
    edited() {
      if (state() === 'saved') setState('idle');
    },
  };
}

export type SaveTracker = ReturnType<typeof createSaveState>;
