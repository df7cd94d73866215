/**
 * Dead-letter purge (spec 4.2.7): exhausted and failed outbox rows are purged once at least 50
 * are older than the retention window, probed on the first enqueue and every fiftieth after it.
 * ERROR_RETENTION_DAYS is not given by the spec; Cairn keeps dead letters 30 days, long enough for
 * the user to see them in the status and for a fixed build to be installed (docs/sync-client.md).
 */
export const ERROR_RETENTION_DAYS = 30;
export const DEAD_LETTER_PURGE_MIN = 50;
export const DEAD_LETTER_PROBE_EVERY = 50;

/** Counts enqueues and says when to probe: the first, then every fiftieth. */
export function createDeadLetterProbe() {
  let enqueues = 0;
  return {
    shouldProbe(): boolean {
      enqueues += 1;
      return enqueues === 1 || enqueues % DEAD_LETTER_PROBE_EVERY === 1;
    },
  };
}

export const retentionCutoff = (now: number) => now - ERROR_RETENTION_DAYS * 24 * 60 * 60 * 1000;
