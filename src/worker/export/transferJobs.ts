/**
 * Running exports and imports of this vault worker, by a job id the UI chose, so a Cancel
 * button can stop one (docs/backup.md "Cancel"). The work asks `cancelled()` between items.
 */
export function createTransferJobs() {
  const cancelledIds = new Set<string>();
  const running = new Set<string>();
  return {
    start(jobId: string | undefined): () => boolean {
      if (jobId === undefined) return () => false;
      running.add(jobId);
      return () => cancelledIds.has(jobId);
    },
    end(jobId: string | undefined) {
      if (jobId === undefined) return;
      running.delete(jobId);
      cancelledIds.delete(jobId);
    },
    /** Asks a running job to stop; answers false when no such job runs. */
    cancel(jobId: string): boolean {
      if (!running.has(jobId)) return false;
      cancelledIds.add(jobId);
      return true;
    },
  };
}
