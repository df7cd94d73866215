import { onMount } from 'solid-js';
import { showModalWhenConnected } from '../app/showModal';

/**
 * The app's own confirmation (a modal <dialog>: focus trapped, Escape cancels): a question, what
 * it means, and two answers. The destructive answer is not the default focus; Cancel is.
 */
export function ConfirmDialog(props: {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  let dialog!: HTMLDialogElement;
  let answered = false;
  onMount(() => showModalWhenConnected(dialog));
  const answer = (yes: boolean) => {
    answered = true;
    dialog.close();
    if (yes) props.onConfirm();
    else props.onCancel();
  };
  return (
    <dialog
      ref={dialog}
      class="confirm-dialog"
      aria-label={props.title}
      onClose={() => {
        if (!answered) props.onCancel();
      }}
    >
      <h2>{props.title}</h2>
      <p>{props.message}</p>
      <div class="confirm-actions">
        <button type="button" autofocus onClick={() => answer(false)}>
          Cancel
        </button>
        <button type="button" class="danger" onClick={() => answer(true)}>
          {props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
