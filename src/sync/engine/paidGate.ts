/** Spec 8.3: how long a "no active plan" answer is believed before the service is asked again. */
export const NEGATIVE_PAID_CACHE_MS = 60 * 60 * 1000;

/**
 * The negative paid-cache (spec 8.3). Once the service answered SYNC_PAYMENT_REQUIRED, or
 * `GET /auth/billing` (read when the engine starts) said sync is not allowed, automatic cycles
 * (tick, wake, push request) send nothing for an hour: an unpaid account does not spend the
 * service's requests every minute. Only the negative answer is cached. It ends early when the
 * plan is seen active again (reconcile or a billing read after Upgrade) or the user asks for a
 * sync (Sync now).
 */
export function createPaidGate(now: () => number) {
  let deniedUntil = 0;
  return {
    deny(): void {
      deniedUntil = now() + NEGATIVE_PAID_CACHE_MS;
    },
    denied(): boolean {
      return now() < deniedUntil;
    },
    /** true when it was closed */
    clear(): boolean {
      const was = now() < deniedUntil;
      deniedUntil = 0;
      return was;
    },
  };
}
