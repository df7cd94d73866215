import { createEffect, createResource, createSignal, Match, Show, Switch } from 'solid-js';
import type { BindingChoice } from '../../sync/engine/binding/bindingFlow';
import { BindingQuestion } from './BindingQuestion';
import { DeviceList } from './DeviceList';
import { deviceNameFrom } from './deviceName';
import { JoinDevice } from './JoinDevice';
import { LinkDevice } from './LinkDevice';
import { oauthCallbackUrl, oauthReturn, oauthReturnHandled } from './oauthReturn';
import { PlanUsage } from './PlanUsage';
import { RecoveryKeyAgain } from './RecoveryKeyAgain';
import { RecoveryKeyCard } from './RecoveryKeyCard';
import { SyncDiagnostics } from './SyncDiagnostics';
import {
  accountErrorText,
  ERROR_TEXT,
  HOLD_TEXT,
  indicatorText,
  KEY_MISMATCH_TEXT,
  keyNeededText,
  REVOKED_TEXT,
} from './syncMessages';
import { syncApi, syncState } from './syncSource';

/**
 * Settings → Sync: sign-in with an emailed code, the one-time binding question (spec 3.5), vault
 * key set-up (the recovery key shown ONCE, to write down) or, on a new device, the recovery key
 * or a link from another device; then status with a clear message per error category, plan and
 * usage, linking a new device, the device list with revoke, sync now and sign out. Dispatches to
 * the worker only.
 */
export function SyncPanel() {
  const [email, setEmail] = createSignal('');
  const [code, setCode] = createSignal('');
  const [codeSent, setCodeSent] = createSignal(false);
  const [recovery, setRecovery] = createSignal<string | null>(null);
  const [typedKey, setTypedKey] = createSignal('');
  const [message, setMessage] = createSignal('');
  const [busy, setBusy] = createSignal(false);

  async function act(work: () => Promise<string | undefined>) {
    setBusy(true);
    setMessage('');
    try {
      setMessage((await work()) ?? '');
    } finally {
      setBusy(false);
    }
  }
  const api = () => {
    const a = syncApi();
    if (!a) throw new Error('sync is not connected');
    return a;
  };

  const sendCode = () =>
    act(async () => {
      const res = await api().requestCode(email());
      if (!res.ok) return accountErrorText(res.error);
      setCodeSent(true);
      if (res.value.devCode) setCode(res.value.devCode); // development service only
      return 'A code was sent to your email.';
    });
  const signIn = () =>
    act(async () => {
      const res = await api().signIn(email(), code(), deviceNameFrom(navigator.userAgent));
      if (!res.ok) return accountErrorText(res.error);
      // a binding hold (the question, a foreign or unchecked vault) is shown by the panel itself
      if (res.value !== 'needs_key' && res.value !== 'ready') return undefined;
      return afterSetUp(await api().setUp());
    });
  const afterSetUp = (setup: Awaited<ReturnType<ReturnType<typeof api>['choose']>>) => {
    if (!setup.ok) return accountErrorText(setup.error);
    if (setup.value.kind === 'created') setRecovery(setup.value.recoveryKey);
    return setup.value.kind === 'needs_key'
      ? 'Enter the recovery key of your vault, or link this device from another one, to finish.'
      : undefined;
  };
  // the identity provider's button, when the service offers one (docs/oauth.md)
  const [offer] = createResource(
    () => (syncState()?.setup === 'signed_out' ? syncApi() : null),
    (a) => a.oauthOffer(oauthCallbackUrl()),
  );
  // back from the identity provider: its one-time token becomes this device's session
  createEffect(() => {
    const back = oauthReturn();
    const a = syncApi();
    if (!back || !a) return;
    oauthReturnHandled();
    void act(async () => {
      if (!back.setupToken)
        return 'The identity provider’s sign-in did not complete. Try again, or use the email code.';
      const res = await a.signInWithSetupToken(back.setupToken, deviceNameFrom(navigator.userAgent));
      if (!res.ok) return accountErrorText(res.error);
      if (res.value !== 'needs_key' && res.value !== 'ready') return undefined;
      return afterSetUp(await a.setUp());
    });
  });
  const choose = (choice: BindingChoice) => act(async () => afterSetUp(await api().choose(choice)));
  const signOut = () => act(async () => void (await api().signOut()));
  const restore = () =>
    act(async () => {
      const res = await api().restore(typedKey());
      return res.ok ? 'This device now syncs the vault.' : accountErrorText(res.error);
    });

  return (
    <section class="sync-panel" aria-label="Sync">
      <h3>Sync</h3>
      <Show when={syncState()} fallback={<p>Sync is starting…</p>}>
        {(s) => (
          <Switch>
            <Match when={s().setup === 'signed_out'}>
              <Show when={s().keyMismatchSignedOut}>
                <p role="alert">{KEY_MISMATCH_TEXT}</p>
              </Show>
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  void (codeSent() ? signIn() : sendCode());
                }}
              >
                <label>
                  Email{' '}
                  <input
                    type="email"
                    required
                    value={email()}
                    onInput={(e) => setEmail(e.currentTarget.value)}
                  />
                </label>
                <Show when={codeSent()}>
                  <label>
                    Code{' '}
                    <input
                      inputmode="numeric"
                      pattern="\d{6}"
                      required
                      value={code()}
                      onInput={(e) => setCode(e.currentTarget.value)}
                    />
                  </label>
                </Show>
                <button type="submit" disabled={busy()}>
                  {codeSent() ? 'Sign in' : 'Email me a code'}
                </button>
              </form>
              <Show when={offer()}>
                {(o) => (
                  <p>
                    <a class="button-link" href={o().url}>
                      Sign in with {o().name}
                    </a>
                  </p>
                )}
              </Show>
              <p class="hint">Service: {s().serviceUrl}</p>
            </Match>
            <Match when={s().setup === 'needs_decision'}>
              <BindingQuestion
                email={s().account?.email ?? ''}
                mergeAvailable={s().mergeAvailable}
                busy={busy()}
                onChoose={(c) => void choose(c)}
              />
            </Match>
            <Match when={s().setup === 'foreign' || s().setup === 'unknown' || s().setup === 'local'}>
              <p role="status" data-testid="sync-hold">
                {HOLD_TEXT[s().setup as keyof typeof HOLD_TEXT]}
              </p>
              <Show when={s().setup === 'local'}>
                <button type="button" disabled={busy()} onClick={() => void choose('sync')}>
                  Sync this vault
                </button>{' '}
              </Show>
              <button type="button" disabled={busy()} onClick={() => void signOut()}>
                Sign out
              </button>
            </Match>
            <Match when={s().setup === 'needs_key'}>
              <p>Signed in as {s().account?.email}. This vault’s key is needed on this device.</p>
              <Show when={keyNeededText(s().status)}>{(why) => <p role="alert">{why()}</p>}</Show>
              <label>
                Recovery key <input value={typedKey()} onInput={(e) => setTypedKey(e.currentTarget.value)} />
              </label>
              <button type="button" disabled={busy()} onClick={() => void restore()}>
                Unlock
              </button>
              <p class="hint">Or, without the recovery key:</p>
              <JoinDevice />
            </Match>
            <Match when={s().setup === 'ready'}>
              <p>
                Signed in as {s().account?.email}.{' '}
                <span data-testid="sync-status-text">{indicatorText(s().status)}</span>
              </p>
              <Show when={s().revoked}>
                <p role="alert">{REVOKED_TEXT}</p>
              </Show>
              <Show when={s().revoked ? null : s().status.error}>
                {(e) => <p role="alert">{ERROR_TEXT[e().category]}</p>}
              </Show>
              <Show when={s().paused}>
                <p class="hint">
                  Sync is paused on this device: nothing is sent or received, and your changes wait here until
                  you resume.
                </p>
              </Show>
              <button
                type="button"
                disabled={busy() || s().paused}
                onClick={() => void act(async () => void (await api().syncNow()))}
              >
                Sync now
              </button>{' '}
              <Show
                when={s().paused}
                fallback={
                  <button
                    type="button"
                    disabled={busy()}
                    onClick={() => void act(async () => void (await api().pause()))}
                  >
                    Pause sync
                  </button>
                }
              >
                <button
                  type="button"
                  disabled={busy()}
                  onClick={() => void act(async () => void (await api().resume()))}
                >
                  Resume sync
                </button>
              </Show>{' '}
              <button type="button" disabled={busy()} onClick={() => void signOut()}>
                Sign out
              </button>
              <Show when={!s().revoked}>
                <PlanUsage />
                <RecoveryKeyAgain email={s().account?.email} />
                <LinkDevice />
                <DeviceList />
                <SyncDiagnostics />
              </Show>
            </Match>
          </Switch>
        )}
      </Show>
      <Show when={recovery()}>
        {(key) => (
          <div class="recovery" role="alert">
            <p>
              Your recovery key. Save it now (copy it, download it or write it down): it opens your synced
              vault on a new device, without another device at hand. You can show it again later in Settings →
              Sync, behind a confirmation.
            </p>
            <RecoveryKeyCard recoveryKey={key()} email={syncState()?.account?.email} />
            <button type="button" onClick={() => setRecovery(null)}>
              I wrote it down
            </button>
          </div>
        )}
      </Show>
      <Show when={message()}>
        <p data-testid="sync-message">{message()}</p>
      </Show>
    </section>
  );
}
