import { createSignal } from 'solid-js';

export type PersistState = 'unknown' | 'granted' | 'denied' | 'unsupported';

/**
 * Persistent storage keeps the browser from evicting the vault under storage pressure. It is
 * asked for when the user has something worth keeping (their first note), not on first paint.
 */
export function createStoragePersistence() {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  const [state, setState] = createSignal<PersistState>(storage?.persist ? 'unknown' : 'unsupported');
  if (storage?.persisted) void storage.persisted().then((p) => setState(p ? 'granted' : 'unknown'));
  let asked = false;
  return {
    state,
    async request(): Promise<PersistState> {
      if (!storage?.persist) return 'unsupported';
      asked = true;
      const granted = await storage.persist();
      setState(granted ? 'granted' : 'denied');
      return state();
    },
    /** Asks once per session, the first time the user stores something. */
    async requestOnce() {
      if (asked || state() === 'granted' || state() === 'unsupported') return;
      await this.request();
    },
  };
}
