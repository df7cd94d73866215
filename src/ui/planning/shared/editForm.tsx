import { Show } from 'solid-js';

/** A record form that makes a new record, or changes `editing` in place when given. */
export interface EditFormProps<T, Out = T> {
  /** the record being changed; without it the form makes a new one */
  editing?: T;
  onSave: (input: Out) => Promise<boolean>;
  onCancel?: () => void;
}

/** The form's Cancel, shown while it edits in place (when the caller gave `onCancel`). */
export function CancelButton(props: { onCancel: (() => void) | undefined }) {
  return (
    <Show when={props.onCancel}>
      {(cancel) => (
        <button type="button" onClick={() => cancel()()}>
          Cancel
        </button>
      )}
    </Show>
  );
}
