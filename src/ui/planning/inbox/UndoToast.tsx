import type { Undoable } from './inboxTypes';

/** "Filed … Undo": reverses the last filing or archive, item by item for a bulk one. */
export function UndoToast(props: {
  undo: Undoable;
  onUndo: (u: Undoable) => Promise<unknown>;
  onDismiss: () => void;
}) {
  return (
    <div class="toast" role="status">
      {props.undo.message}
      <button
        type="button"
        onClick={() => {
          const u = props.undo; // read before hiding the toast: its accessor goes stale then
          props.onDismiss();
          void props.onUndo(u);
        }}
      >
        Undo
      </button>
      <button type="button" aria-label="Dismiss" onClick={() => props.onDismiss()}>
        ×
      </button>
    </div>
  );
}
