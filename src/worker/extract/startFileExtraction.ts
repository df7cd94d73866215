import type { ChangeBatch } from '../changes/changeFeed';
import type { LeaderElection } from '../leader';
import { createExtractionQueue, type ExtractionQueueDeps } from './extractionQueue';

export const FILE_TEXTS_TABLE = 'fileTexts';

/**
 * Runs the extraction queue in the leader tab only (like the search indexer): filed files
 * reach it through the change feed (from every tab), and on becoming leader it catches up on
 * files filed while no leader ran and resumes files left `extracting`. When leadership moves,
 * this tab stops after the file in hand and the new leader resumes it.
 */
export function startFileExtraction(
  deps: ExtractionQueueDeps & {
    leader: LeaderElection;
    subscribe: (l: (b: ChangeBatch) => void) => () => void;
    /** called with a function to run when the network comes back (the worker's `online` event) */
    onOnline?: (retry: () => void) => void;
  },
) {
  const queue = createExtractionQueue(deps);
  const { leader } = deps;
  const report = (err: unknown) => console.error('text extraction failed', err);

  const lead = () => {
    queue.start();
    queue.retry();
    void queue.catchUp().catch(report);
  };
  deps.subscribe((batch) => {
    if (!leader.isLeader()) return;
    for (const change of batch.changes) {
      if (change.table !== 'notes') continue;
      if (change.op === 'put') void queue.admit(change.ids).catch(report);
      else void queue.forget(change.ids).catch(report);
    }
  });
  leader.onChange((isLeader) => (isLeader ? lead() : queue.stop()));
  if (leader.isLeader()) lead();
  deps.onOnline?.(() => queue.retry());
  return queue;
}
