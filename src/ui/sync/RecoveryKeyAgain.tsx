import { createSignal, Match, onCleanup, Switch } from 'solid-js';
import { RecoveryKeyCard } from './RecoveryKeyCard';
import { syncApi } from './syncSource';

type Step =
  | { kind: 'closed' }
  | { kind: 'confirm' }
  | { kind: 'working' }
  | { kind: 'shown'; key: string; fresh: boolean }
  | { kind: 'unavailable'; message: string }
  | { kind: 'failed'; message: string };

/**
 * Settings → Sync → "Show recovery key": a dialog first says what the key unlocks and asks to
 * confirm, then shows it with Copy and Download. A device that cannot show it (a vault set up
 * before Cairn kept a sealed copy) offers a new recovery key instead, which retires the old one.
 */
export function RecoveryKeyAgain(props: { email?: string }) {
  let dialog!: HTMLDialogElement;
  const [step, setStep] = createSignal<Step>({ kind: 'closed' });
  const open = () => {
    setStep({ kind: 'confirm' });
    dialog.showModal();
  };
  const close = () => dialog.close();
  /** the current step when it is of kind `k` (a Match condition that narrows its child's type) */
  const at = <K extends Step['kind']>(k: K) => {
    const s = step();
    return s.kind === k ? (s as Extract<Step, { kind: K }>) : false;
  };
  onCleanup(() => dialog?.close());

  async function run(which: 'show' | 'new') {
    const api = syncApi();
    if (!api) return setStep({ kind: 'failed', message: 'Sync is not connected. Reload and try again.' });
    setStep({ kind: 'working' });
    const res = which === 'show' ? await api.showRecoveryKey() : await api.newRecoveryKey();
    if (res.ok) return setStep({ kind: 'shown', key: res.value, fresh: which === 'new' });
    if (res.error.code === 'RECOVERY_KEY_UNAVAILABLE')
      return setStep({ kind: 'unavailable', message: res.error.message });
    setStep({ kind: 'failed', message: `The recovery key could not be read: ${res.error.message}` });
  }

  return (
    <section class="sync-recovery" aria-label="Recovery key">
      <h4>Recovery key</h4>
      <button type="button" onClick={open}>
        Show recovery key
      </button>
      <dialog
        ref={dialog}
        class="sync-recovery-dialog"
        aria-labelledby="sync-recovery-title"
        onClose={() => setStep({ kind: 'closed' })}
      >
        <h3 id="sync-recovery-title">Show the recovery key?</h3>
        <Switch>
          <Match when={at('confirm')}>
            <p>
              The recovery key unlocks every note of this synced vault on any device signed in to your
              account. Show it only where nobody can see your screen.
            </p>
            <div class="recovery-actions">
              <button type="button" onClick={() => void run('show')}>
                Show the key
              </button>
              <button type="button" onClick={close}>
                Cancel
              </button>
            </div>
          </Match>
          <Match when={at('working')}>
            <p role="status">Reading the recovery key…</p>
          </Match>
          <Match when={at('shown')}>
            {(s) => (
              <>
                <p>
                  {s().fresh
                    ? 'Your new recovery key. The old one no longer opens this vault: write this one down.'
                    : 'Your recovery key, the same as at set-up.'}
                </p>
                <RecoveryKeyCard recoveryKey={s().key} email={props.email} />
                <button type="button" onClick={close}>
                  Done
                </button>
              </>
            )}
          </Match>
          <Match when={at('unavailable')}>
            {(s) => (
              <>
                <p role="alert">{s().message}</p>
                <div class="recovery-actions">
                  <button type="button" onClick={() => void run('new')}>
                    Make a new recovery key
                  </button>
                  <button type="button" onClick={close}>
                    Cancel
                  </button>
                </div>
              </>
            )}
          </Match>
          <Match when={at('failed')}>
            {(s) => (
              <>
                <p role="alert">{s().message}</p>
                <button type="button" onClick={close}>
                  Close
                </button>
              </>
            )}
          </Match>
        </Switch>
      </dialog>
    </section>
  );
}
