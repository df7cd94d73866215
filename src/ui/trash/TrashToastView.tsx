import { createSignal, Show } from 'solid-js';
import './trash.css';
import type { TrashToast } from './createTrashToast';

/**
 * "Moved to Trash · Undo": a polite live region (announced without taking the focus) whose Undo
 * is a real button, reached by Tab like every other control; the countdown waits while it is on.
 */
export function TrashToastView(props: { toast: TrashToast }) {
  const [busy, setBusy] = createSignal(false);
  return (
    <div class="trash-toast-region" role="status" aria-live="polite">
      <Show when={props.toast.notice()}>
        {(n) => (
          <div
            class="toast"
            onFocusIn={props.toast.hold}
            onFocusOut={props.toast.release}
            onPointerEnter={props.toast.hold}
            onPointerLeave={props.toast.release}
          >
            <span>Moved {n().what} to Trash</span>
            <button
              type="button"
              disabled={busy()}
              onClick={async () => {
                setBusy(true);
                try {
                  await n().undo();
                } finally {
                  setBusy(false);
                  props.toast.dismiss();
                }
              }}
            >
              Undo
            </button>
            <button
              type="button"
              onClick={() => {
                props.toast.dismiss();
                location.hash = '#/trash';
              }}
            >
              Open Trash
            </button>
            <button type="button" aria-label="Dismiss" onClick={props.toast.dismiss}>
              ×
            </button>
          </div>
        )}
      </Show>
    </div>
  );
}
