/** One pack compaction message (spec 6.2): which vault's snapshots may have grown. */
export interface PackJob {
  userId: string;
  vaultId: string;
}

/**
 * Where a committed push or snapshot request asks for pack production. `request` never rejects:
 * a failed enqueue is logged as a warning and never fails the request (the cron sweep drains
 * what it missed).
 */
export interface PackJobs {
  request(job: PackJob): Promise<void>;
}
