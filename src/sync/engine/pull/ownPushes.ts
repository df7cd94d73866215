import type { PushAccepted } from '../../protocol/push';
import { type ItemKey, itemKey } from '../ports';

/**
 * The rows this device's own record pushes committed, each with the cursor the service gave it
 * (`accepted[].serverCursor`). A feed listing of a row at exactly that cursor is this device's own
 * version: the pull does not fetch it back. Applying it changed nothing (equal clock and identical
 * payload are skipped, spec 4.3.4; a row changed since is queued and dominates it), yet it cost a
 * `POST /sync/pull` slice and a key-directory read on the edit path, and the first push of a large
 * vault fetched every record it had just sent. Note bodies already skip their own snapshots by
 * revision (applyBodies). A listing at any other cursor is another write and is fetched as before.
 * In memory: entries go once a completed pull passed their cursor; after a restart nothing is known
 * and the feed is pulled in full.
 */
export function createOwnPushes() {
  const cursors = new Map<string, number>();
  return {
    /** a push answer's accepted rows, settled in the outbox */
    committed(accepted: readonly PushAccepted[]): void {
      for (const a of accepted) cursors.set(itemKey(a), a.serverCursor);
    },
    /** whether this listing is the version this device pushed */
    isOwn(ref: ItemKey & { serverCursor?: number | undefined }): boolean {
      return ref.serverCursor !== undefined && cursors.get(itemKey(ref)) === ref.serverCursor;
    },
    /** a pull completed through `cursor`: the listings at or below it were read */
    pulledThrough(cursor: number): void {
      for (const [key, at] of cursors) if (at <= cursor) cursors.delete(key);
    },
  };
}

export type OwnPushes = ReturnType<typeof createOwnPushes>;
