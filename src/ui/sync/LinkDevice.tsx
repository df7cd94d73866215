import { createSignal, Match, Show, Switch } from 'solid-js';
import type { SponsorView } from '../../sync/engine/account/sponsorLink';
import { createLinkPoll } from './createLinkPoll';
import { accountErrorText } from './syncMessages';
import { syncApi } from './syncSource';

/**
 * "Link a new device" on a device that syncs: it waits for the new device (signed in to the same
 * account, on "Link with another device"), shows the 6-digit code to type there, and sends the
 * vault key only when the user confirms the new device accepted the code.
 */
export function LinkDevice() {
  const [view, setView] = createSignal<SponsorView | null>(null);
  const [error, setError] = createSignal('');
  const poll = createLinkPoll(
    async () => {
      const api = syncApi();
      if (!api)
        return { ok: false as const, error: { code: 'SYNC_UNAVAILABLE', message: 'sync is not connected' } };
      return api.sponsorPoll();
    },
    (v) => {
      setView(v);
      return v.phase === 'code' || v.phase === 'sent';
    },
    (message) => {
      setError(message);
      setView(null);
    },
  );
  async function start() {
    setError('');
    const res = await syncApi()?.sponsorStart();
    if (!res) return;
    if (!res.ok) return setError(accountErrorText(res.error));
    setView(res.value);
    poll.start();
  }
  async function send() {
    const res = await syncApi()?.sponsorSend();
    if (res && !res.ok) return setError(accountErrorText(res.error));
    if (res?.ok) setView(res.value);
  }
  function cancel() {
    poll.stop();
    void syncApi()?.sponsorStop();
    setView(null);
  }
  return (
    <section class="sync-link" aria-label="Link a new device">
      <h4>Link a new device</h4>
      <Show
        when={view()}
        fallback={
          <button type="button" onClick={() => void start()}>
            Link a new device
          </button>
        }
      >
        {(v) => (
          <Switch>
            <Match when={v().phase === 'waiting' || v().phase === 'exchanging'}>
              <p role="status">
                On the new device, sign in with the same email and choose “Link with another device”. Waiting…
              </p>
              <button type="button" onClick={cancel}>
                Cancel
              </button>
            </Match>
            <Match when={v().phase === 'code' && (v() as { code: string })}>
              {(c) => (
                <>
                  <p>Type this code on the new device:</p>
                  <p class="sync-code" data-testid="link-code" aria-live="polite">
                    {c().code}
                  </p>
                  <p>When the new device says the code is accepted, send it the vault key.</p>
                  <button type="button" onClick={() => void send()}>
                    Send the key
                  </button>{' '}
                  <button type="button" onClick={cancel}>
                    Cancel
                  </button>
                </>
              )}
            </Match>
            <Match when={v().phase === 'sent'}>
              <p role="status">The key was sent. The new device starts syncing in a moment.</p>
              <button type="button" onClick={cancel}>
                Done
              </button>
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
