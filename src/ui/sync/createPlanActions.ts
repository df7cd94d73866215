import { createSignal, onCleanup } from 'solid-js';
import { CHECKOUT_FRAGMENT_KEY } from '../../sync/protocol/billing';
import type { BillingReport } from '../../sync/protocol/plans';
import { accountErrorText } from './syncMessages';
import { syncApi } from './syncSource';

/** how often the plan is read while a checkout is open in another window */
export const AWAIT_PAYMENT_POLL_MS = 4000;
/** no longer than the checkout token lives (docs/billing.md) */
const AWAIT_PAYMENT_MAX_MS = 30 * 60 * 1000;

type Answer<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

/**
 * Upgrade and Manage billing (issue 20 part 2). Each opens its window synchronously in the click
 * (so no popup blocker stops it), without an opener, and only then asks the worker for the URL.
 * After Upgrade the app waits for the payment: it reconciles whenever the page comes back to the
 * foreground and reads the plan every few seconds meanwhile; once the plan is active the worker
 * lifts its negative paid-cache and syncs (spec 8.3), without a restart.
 */
export function createPlanActions(onPlan: (r: BillingReport) => void) {
  const [waiting, setWaiting] = createSignal(false);
  const [error, setError] = createSignal<string | null>(null);
  let poll: ReturnType<typeof setInterval> | null = null;
  let until = 0;

  const settle = (res: Answer<BillingReport> | undefined) => {
    if (!res?.ok) return;
    onPlan(res.value);
    if (res.value.syncAllowed) stopWaiting();
  };
  const stopWaiting = () => {
    setWaiting(false);
    if (poll !== null) clearInterval(poll);
    poll = null;
    document.removeEventListener('visibilitychange', onVisible);
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') void syncApi()?.reconcile().then(settle);
  };
  const startWaiting = () => {
    stopWaiting();
    setWaiting(true);
    until = Date.now() + AWAIT_PAYMENT_MAX_MS;
    document.addEventListener('visibilitychange', onVisible);
    poll = setInterval(() => {
      if (Date.now() > until) return stopWaiting();
      void syncApi()?.billing().then(settle);
    }, AWAIT_PAYMENT_POLL_MS);
  };
  onCleanup(stopWaiting);

  /** a blank window opened in the click, pointed at `url` once known; closed on failure */
  async function openWith<T>(ask: () => Promise<Answer<T>> | undefined, urlOf: (v: T) => string) {
    setError(null);
    const w = window.open('', '_blank');
    if (w) w.opener = null;
    const res = await ask();
    if (!res?.ok) {
      w?.close();
      setError(res ? accountErrorText(res.error) : 'Sync is not running in this vault.');
      return false;
    }
    const url = urlOf(res.value);
    if (w) w.location.href = url;
    else window.location.assign(url);
    return true;
  }

  return {
    waiting,
    error,
    async upgrade() {
      const opened = await openWith(
        () => syncApi()?.checkoutToken(),
        (t) => `${t.pricingUrl}#${CHECKOUT_FRAGMENT_KEY}=${encodeURIComponent(t.token)}`,
      );
      if (opened) startWaiting();
    },
    async manage() {
      await openWith(
        () => syncApi()?.portalSession(),
        (p) => p.url,
      );
    },
    /** "I have paid": reconcile now */
    async check() {
      settle(await syncApi()?.reconcile());
    },
  };
}
