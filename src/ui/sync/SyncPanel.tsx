import { createSignal, Match, Show, Switch } from 'solid-js';
import { ERROR_TEXT, indicatorText } from './syncMessages';
import { syncApi, syncState } from './syncSource';

/**
 * Settings → Sync: the service URL, sign-in with an emailed code, vault key set-up (the recovery
 * key shown ONCE, to write down) or restore on a second device, status with a clear message per
 * error category, sync now and sign out. Dispatches to the worker only.
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
      if (!res.ok) return res.error.message;
      setCodeSent(true);
      if (res.value.devCode) setCode(res.value.devCode); // development service only
      return 'A code was sent to your email.';
    });
  const signIn = () =>
    act(async () => {
      const res = await api().signIn(email(), code(), navigator.userAgent.slice(0, 60) || 'Browser');
      if (!res.ok) return res.error.message;
      const setup = await api().setUp();
      if (!setup.ok) return setup.error.message;
      if (setup.value.kind === 'created') setRecovery(setup.value.recoveryKey);
      return setup.value.kind === 'needs_key' ? 'Enter the recovery key of your vault to finish.' : undefined;
    });
  const restore = () =>
    act(async () => {
      const res = await api().restore(typedKey());
      return res.ok ? 'This device now syncs the vault.' : res.error.message;
    });

  return (
    <section class="sync-panel" aria-label="Sync">
      <h3>Sync</h3>
      <Show when={syncState()} fallback={<p>Sync is starting…</p>}>
        {(s) => (
          <Switch>
            <Match when={s().setup === 'signed_out'}>
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
              <p class="hint">Service: {s().serviceUrl}</p>
            </Match>
            <Match when={s().setup === 'needs_key'}>
              <p>Signed in as {s().account?.email}. This vault’s key is needed on this device.</p>
              <label>
                Recovery key <input value={typedKey()} onInput={(e) => setTypedKey(e.currentTarget.value)} />
              </label>
              <button type="button" disabled={busy()} onClick={() => void restore()}>
                Unlock
              </button>
            </Match>
            <Match when={s().setup === 'ready'}>
              <p>
                Signed in as {s().account?.email}.{' '}
                <span data-testid="sync-status-text">{indicatorText(s().status)}</span>
              </p>
              <Show when={s().status.error}>{(e) => <p role="alert">{ERROR_TEXT[e().category]}</p>}</Show>
              <button
                type="button"
                disabled={busy()}
                onClick={() => void act(async () => void (await api().syncNow()))}
              >
                Sync now
              </button>{' '}
              <button
                type="button"
                disabled={busy()}
                onClick={() => void act(async () => void (await api().signOut()))}
              >
                Sign out
              </button>
            </Match>
          </Switch>
        )}
      </Show>
      <Show when={recovery()}>
        {(key) => (
          <div class="recovery" role="alert">
            <p>
              Your recovery key. Write it down now: it is shown only once and is the only way to open your
              synced vault on a new device.
            </p>
            <code data-testid="recovery-key">{key()}</code>
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
