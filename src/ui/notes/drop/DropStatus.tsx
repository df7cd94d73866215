import { Show } from 'solid-js';
import './drop.css';
import type { FileDrop } from './createFileDrop';

/** Progress of a drop or paste being stored, then what came of it (a status or an alert). */
export function DropStatus(props: { drop: FileDrop }) {
  return (
    <>
      <Show when={props.drop.progress()}>
        {(p) => (
          <div role="status" class="progress">
            <progress aria-label="Adding files" max={p().total} value={p().done} />
            <span>
              Adding {p().done} of {p().total}…
            </span>
          </div>
        )}
      </Show>
      <Show when={props.drop.message()}>
        {(m) => (
          <div class={m().kind === 'alert' ? 'drop-message error' : 'drop-message'} role={m().kind}>
            <span>{m().text}</span>
            <button type="button" onClick={props.drop.dismiss}>
              Dismiss
            </button>
          </div>
        )}
      </Show>
    </>
  );
}
