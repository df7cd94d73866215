/**
 * Web Locks leader election, one leader per vault across tabs. The leader runs what must run
 * once per vault (sync, reminders, background indexing). The lock is held for the life of the
 * worker: when the leader's tab closes, its worker dies, the browser releases the lock and the
 * next tab waiting on it becomes leader. Guarantee: at most one holder at a time (the browser's).
 */
export interface LeaderElection {
  readonly isLeader: () => boolean;
  onChange(listener: (isLeader: boolean) => void): () => void;
  /** Give up leadership (vault switch); the next waiting tab takes over. */
  resign(): void;
}

export function electLeader(locks: LockManager, vaultId: string): LeaderElection {
  let leader = false;
  const listeners = new Set<(isLeader: boolean) => void>();
  const controller = new AbortController();
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  locks
    .request(`cairn:leader:${vaultId}`, { signal: controller.signal }, async () => {
      leader = true;
      for (const l of listeners) l(true);
      await held;
      leader = false;
      for (const l of listeners) l(false);
    })
    .catch((err: unknown) => {
      if ((err as { name?: string }).name !== 'AbortError') console.error('leader lock failed', err);
    });
  return {
    isLeader: () => leader,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    resign() {
      controller.abort();
      release();
    },
  };
}
