import { createSignal, Show } from 'solid-js';

/**
 * A destructive action behind one confirmation: the first press asks (an alertdialog naming what
 * goes), the second acts. Nothing is removed by a single stray press or tap.
 */
export function ConfirmButton(props: { label: string; question: string; onConfirm: () => void }) {
  const [asking, setAsking] = createSignal(false);
  return (
    <Show
      when={asking()}
      fallback={
        <button type="button" class="danger" onClick={() => setAsking(true)}>
          {props.label}
        </button>
      }
    >
      <span role="alertdialog" aria-label={props.question} class="plan-confirm">
        {props.question}{' '}
        <button
          // the question replaced the button that had focus: keep the keyboard on the answer
          ref={(el) => queueMicrotask(() => el.focus())}
          type="button"
          class="danger"
          onClick={() => {
            setAsking(false);
            props.onConfirm();
          }}
        >
          {props.label}
        </button>{' '}
        <button type="button" onClick={() => setAsking(false)}>
          Cancel
        </button>
      </span>
    </Show>
  );
}
