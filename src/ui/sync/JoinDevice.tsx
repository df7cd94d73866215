import { createSignal, Match, Show, Switch } from 'solid-js';
import type { JoinerScreen } from '../../worker/sync/accountScreens';
import { createLinkPoll } from './createLinkPoll';
import { accountErrorText } from './syncMessages';
import { syncApi } from './syncSource';

/**
 * "Link with another device" on a new device that needs the vault key: it asks the account's
 * other devices, then takes the code that device shows; the key arrives once the code matched
 * and the other device sent it.
 */
export function JoinDevice() {
  const [view, setView] = createSignal<JoinerScreen | null>(null);
  const [code, setCode] = createSignal('');
  const [error, setError] = createSignal('');
  const poll = createLinkPoll(
    async () => {
      const api = syncApi();
      if (!api)
        return { ok: false as const, error: { code: 'SYNC_UNAVAILABLE', message: 'sync is not connected' } };
      return api.joinPoll();
    },
    (v) => {
      setView(v);
      return v.phase === 'received';
    },
    (message) => {
      setError(message);
      setView(null);
    },
  );
  async function start() {
    setError('');
    setCode('');
    const res = await syncApi()?.joinStart();
    if (!res) return;
    if (!res.ok) return setError(accountErrorText(res.error));
    setView(res.value);
    poll.start();
  }
  async function submit() {
    const res = await syncApi()?.joinCode(code());
    if (!res) return;
    if (!res.ok) {
      poll.stop();
      setView(null);
      return setError(accountErrorText(res.error));
    }
    setView(res.value);
  }
  return (
    <section class="sync-join" aria-label="Link with another device">
      <Show
        when={view()}
        fallback={
          <button type="button" onClick={() => void start()}>
            Link with another device
          </button>
        }
      >
        {(v) => (
          <Switch>
            <Match when={v().phase === 'asking'}>
              <p role="status">
                On a device that already syncs, open Settings → Sync → “Link a new device”. Waiting…
              </p>
            </Match>
            <Match when={v().phase === 'enter_code'}>
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  void submit();
                }}
              >
                <label>
                  Code shown on the other device{' '}
                  <input
                    inputmode="numeric"
                    autocomplete="one-time-code"
                    pattern="\d{6}"
                    required
                    value={code()}
                    onInput={(e) => setCode(e.currentTarget.value)}
                  />
                </label>
                <button type="submit">Check the code</button>
              </form>
            </Match>
            <Match when={v().phase === 'confirmed'}>
              <p role="status">Code accepted. On the other device, choose “Send the key”.</p>
            </Match>
            <Match when={v().phase === 'received'}>
              <p role="status">The vault key arrived. This device now syncs the vault.</p>
            </Match>
          </Switch>
        )}
      </Show>
      <Show when={error()}>
        <p role="alert">{error()}</p>
      </Show>
    </section>
  );
}
