import type { VaultClient } from '../../vault/createVaultClient';
import { writeOp } from '../shared/callOp';
import type { Failure } from '../shared/createFailure';
import { type FileTarget, startOfDayIn } from './inboxActions';
import type { Undoable } from './inboxTypes';

/** "File all stale": every open item past the threshold, reported and undoable as a bulk filing. */
export async function fileAllStale(
  client: VaultClient,
  target: FileTarget,
  label: string,
  sinks: { failure: Failure; offerUndo: (u: Undoable) => void },
): Promise<boolean> {
  const res = await writeOp<{ items: { id: string }[] }>(client, 'inbox.fileAllStale', target);
  const value = sinks.failure.take(res);
  if (value === null) return false;
  const ids = value.items.map((i) => i.id);
  sinks.offerUndo({ message: `Filed ${items(ids.length)} to ${label}.`, op: 'inbox.undoFile', ids });
  return true;
}

export interface BulkActions {
  archive: () => Promise<boolean>;
  snooze: (days: number) => Promise<boolean>;
  tag: (tag: string) => Promise<boolean>;
  file: (target: FileTarget, label: string) => Promise<boolean>;
}

const items = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/**
 * The `inbox.bulk*` writes over the current selection. The worker refuses the whole batch if one
 * item is refused (nothing changes), so a success is reported for all of them and clears the
 * selection; a refusal keeps it, so the user can fix and retry.
 */
export function createBulkActions(
  client: VaultClient,
  selection: () => string[],
  sinks: {
    failure: Failure;
    offerUndo: (u: Undoable) => void;
    tell: (message: string) => void;
    done: () => void;
  },
): BulkActions {
  const run = async (op: string, message: (n: number) => string, ...args: unknown[]) => {
    const ids = selection();
    if (ids.length === 0) return false;
    const res = await writeOp<unknown>(client, op, ids, ...args);
    if (sinks.failure.take(res) === null) return false;
    sinks.tell(message(ids.length));
    sinks.done();
    return true;
  };
  return {
    async archive() {
      const ids = selection();
      const done = await run('inbox.bulkArchive', (n) => `Archived ${items(n)}.`);
      if (done) sinks.offerUndo({ message: `Archived ${items(ids.length)}.`, op: 'inbox.undoArchive', ids });
      return done;
    },
    snooze: (days) =>
      run('inbox.bulkSnooze', (n) => `Snoozed ${items(n)} until tomorrow.`, { until: startOfDayIn(days) }),
    tag: (tag) => run('inbox.bulkTag', (n) => `Tagged ${items(n)} #${tag.replace(/^#+/, '')}.`, [tag]),
    async file(target, label) {
      const ids = selection();
      const done = await run('inbox.bulkFile', (n) => `Filed ${items(n)} to ${label}.`, target);
      if (done)
        sinks.offerUndo({ message: `Filed ${items(ids.length)} to ${label}.`, op: 'inbox.undoFile', ids });
      return done;
    },
  };
}
