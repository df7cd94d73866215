import type { CrdtSnapshotResponse } from '../../protocol/crdt';
import type { SyncResult } from '../http/syncError';
import { type BaselineDeps, fetchBaseline } from './mergeBaseline';

/**
 * Baseline GETs in flight at once while a page's body entries merge in feed order. A first sync
 * of 10,000 notes is 10,000 snapshot GETs: one at a time, each waits a full round trip, and the
 * merges wait with it. Six in flight keep the `crdt_pull` bucket (3,000 a minute under a
 * bootstrap session) the limit, not the round trip; the service side of one GET is one row read
 * and one object read.
 */
export const BASELINE_FETCH_WINDOW = 6;

type Fetched = Promise<SyncResult<CrdtSnapshotResponse>>;

/**
 * Sends the GETs of `noteIds` (in order; null = no GET for that entry) ahead of their merges, at
 * most `window` unanswered at once: each answer sends the next GET (answers wait for their merge;
 * a page has at most 100 entries). `take(i)` answers the GET of entry `i`, sent already when the
 * entries are taken in increasing order. `settle()` sends nothing more and awaits the GETs still
 * out, so a page that stops early leaves nothing running.
 */
export function prefetchBaselines(
  deps: Pick<BaselineDeps, 'call' | 'keyring'>,
  noteIds: readonly (string | null)[],
  window = BASELINE_FETCH_WINDOW,
) {
  const order = noteIds.flatMap((id, i) => (id === null ? [] : [i]));
  const out = new Map<number, Fetched>();
  let sent = 0;
  let open = 0;
  const top = () => {
    while (sent < order.length && open < window) {
      const i = order[sent++] as number;
      open += 1;
      out.set(
        i,
        fetchBaseline(deps, noteIds[i] as string).finally(() => {
          open -= 1;
          top();
        }),
      );
    }
  };
  top();
  return {
    take(i: number): Fetched | undefined {
      const fetched = out.get(i);
      out.delete(i);
      return fetched;
    },
    async settle(): Promise<void> {
      sent = order.length;
      await Promise.allSettled(out.values());
      out.clear();
    },
  };
}
