import { Show } from 'solid-js';
import type { AppError } from '../../../shared/result';

/** Says plainly why a write was refused, naming the field when there is one. */
export function FailureBanner(props: { error: AppError | null; onDismiss?: () => void }) {
  return (
    <Show when={props.error}>
      {(e) => (
        <div class="plan-failure" role="alert">
          <span>
            {e().field ? `${e().field}: ` : ''}
            {e().message}
          </span>
          <Show when={props.onDismiss}>
            <button type="button" onClick={() => props.onDismiss?.()}>
              Dismiss
            </button>
          </Show>
        </div>
      )}
    </Show>
  );
}
