import { createEffect, Show } from 'solid-js';
import type { BindingChoice } from '../../sync/engine/binding/bindingFlow';

/**
 * The one-time question of spec 3.5, asked when a vault with content meets an account that does
 * not know it: sync it as a vault of its own, merge it into the account's vault, or keep it on
 * this device. The answer is stored by the worker, so it is asked once per account.
 */
export function BindingQuestion(props: {
  email: string;
  mergeAvailable: boolean;
  busy: boolean;
  onChoose: (choice: BindingChoice) => void;
}) {
  let first: HTMLButtonElement | undefined;
  let focused = false;
  // focus the first choice once it is enabled (the sign-in that raised the question may still be busy)
  createEffect(() => {
    if (props.busy || focused || !first) return;
    focused = true;
    first.focus();
  });
  return (
    <div
      class="sync-binding"
      role="dialog"
      aria-labelledby="sync-binding-title"
      aria-describedby="sync-binding-text"
    >
      <h4 id="sync-binding-title">Sync this vault with {props.email}?</h4>
      <p id="sync-binding-text">
        This vault already has notes or tasks, and your account does not know it yet. Choose once; you will
        not be asked again for this account.
      </p>
      <div class="sync-binding-choices">
        <button ref={first} type="button" disabled={props.busy} onClick={() => props.onChoose('sync')}>
          Sync this vault
        </button>
        <Show when={props.mergeAvailable}>
          <button type="button" disabled={props.busy} onClick={() => props.onChoose('merge')}>
            Merge with the account’s vault
          </button>
        </Show>
        <button type="button" disabled={props.busy} onClick={() => props.onChoose('local')}>
          Keep this vault local
        </button>
      </div>
      <p class="hint">
        Sync: it becomes a separate vault of your account. Merge: its notes join the vault your other devices
        sync (you will need that vault’s recovery key or another device). Local: nothing leaves this device.
      </p>
    </div>
  );
}
