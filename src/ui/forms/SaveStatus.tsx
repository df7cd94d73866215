import type { SaveState } from './createSaveState';

const TEXT: Record<SaveState, string> = { idle: '', saving: 'Saving…', saved: 'Saved' };

/** A form's save progress, announced politely to screen readers (a live region that stays put). */
export function SaveStatus(props: { state: SaveState; label: string }) {
  return (
    <span class="save-status" role="status" aria-live="polite" aria-label={props.label}>
      {TEXT[props.state]}
    </span>
  );
}
