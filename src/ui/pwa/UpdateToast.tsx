import { Show } from 'solid-js';
import type { createUpdatePrompt } from './createUpdatePrompt';

export function UpdateToast(props: { prompt: ReturnType<typeof createUpdatePrompt> }) {
  return (
    <>
      <Show when={props.prompt.needRefresh()}>
        <div class="toast" role="alert">
          <span>A new version of Cairn is ready.</span>
          <button type="button" onClick={() => void props.prompt.reload()}>
            Reload to update
          </button>
          <button type="button" onClick={props.prompt.later}>
            Later
          </button>
        </div>
      </Show>
      <Show when={props.prompt.failure()}>
        {(f) => (
          <div class="toast error" role="alert">
            {f()}
          </div>
        )}
      </Show>
    </>
  );
}
