import type { ChangeListener } from '../../changes/changeFeed';
import { edited } from '../../domain/calendar/recordMeta';
import { fromReminderRow, type ReminderRecord, toReminderRow } from '../../domain/reminders/reminder';
import type { VaultServices } from '../../vault/services';
import { writeTx } from '../writeTx';
import { dueReminders, nextPendingAt } from './reminderQueries';

export interface ReminderSchedulerDeps {
  services: VaultServices;
  isLeader: () => boolean;
  onLeaderChange: (listener: (isLeader: boolean) => void) => () => void;
  subscribe: (listener: ChangeListener) => () => void;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
}

export interface ReminderScheduler {
  /**
   * Told, in the leader's worker only, of the reminders it has just fired (once each). A new
   * listener is first told of those fired in the last REPLAY_MS: reminders missed while the app
   * was closed fire as the vault opens, before the UI has had time to listen.
   */
  onFire(listener: (fired: ReminderRecord[]) => void): () => void;
  stop(): void;
}

/** Timers are re-armed at least this often, so a sleeping laptop or a changed clock is caught up. */
const MAX_WAIT_MS = 60_000;
const REPLAY_MS = 30_000;

/**
 * Fires reminders, in the leader tab only, so each fires once however many tabs are open: a due
 * `pending` reminder becomes `fired` in one transaction, and only then are the listeners told.
 * Missed reminders (the app was closed) are due at the first run after the vault opens, so
 * they fire then. Re-plans after any change to the reminders table, from this tab or another.
 */
export function startReminderScheduler(deps: ReminderSchedulerDeps): ReminderScheduler {
  const { services } = deps;
  const listeners = new Set<(fired: ReminderRecord[]) => void>();
  let timer: unknown = null;
  let stopped = false;
  let queue: Promise<void> = Promise.resolve();
  let recent: { at: number; fired: ReminderRecord[] }[] = [];

  async function fireDue(): Promise<ReminderRecord[]> {
    const res = await writeTx(services, [services.db.reminders], async (changes) => {
      const nowIso = new Date(services.now()).toISOString();
      const fired: ReminderRecord[] = [];
      for (const row of await dueReminders(services.db, nowIso)) {
        if (row.state !== 'pending') continue;
        const next = edited(services, fromReminderRow(row), { state: 'fired', firedAt: nowIso });
        await services.db.reminders.put(toReminderRow(next));
        fired.push(next);
      }
      changes.push({ table: 'reminders', op: 'put', ids: fired.map((r) => r.id) });
      return fired;
    });
    return res.ok ? res.value : [];
  }

  async function run(): Promise<void> {
    if (stopped || !deps.isLeader()) return;
    const fired = await fireDue();
    if (fired.length > 0) {
      recent = [...recent.filter((r) => r.at > services.now() - REPLAY_MS), { at: services.now(), fired }];
      for (const l of listeners) l(fired);
    }
    const next = await nextPendingAt(services.db);
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
    if (next === null || stopped || !deps.isLeader()) return;
    const wait = Math.min(MAX_WAIT_MS, Math.max(0, Date.parse(next) - services.now()));
    timer = deps.setTimer(schedule, wait);
  }

  // One run at a time: a change arriving mid-run queues the next.
  function schedule(): void {
    queue = queue.then(run).catch((err: unknown) => console.error('reminder scheduler failed', err));
  }

  const offChange = deps.subscribe((batch) => {
    if (batch.changes.some((c) => c.table === 'reminders')) schedule();
  });
  const offLeader = deps.onLeaderChange((leader) => {
    if (leader) schedule();
    else if (timer !== null) {
      deps.clearTimer(timer);
      timer = null;
    }
  });
  schedule();

  return {
    onFire(listener) {
      listeners.add(listener);
      const replay = recent.filter((r) => r.at > services.now() - REPLAY_MS).flatMap((r) => r.fired);
      if (replay.length > 0) listener(replay);
      return () => listeners.delete(listener);
    },
    stop() {
      stopped = true;
      offChange();
      offLeader();
      if (timer !== null) deps.clearTimer(timer);
    },
  };
}
