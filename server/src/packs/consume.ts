import type { Deps } from '../deps';
import type { PackJob } from '../ports/pack-jobs';
import { drainVault } from './drain';

/** Packs one message may build for its vault; the rest waits for the next message or sweep. */
export const PACKS_PER_MESSAGE = 40;

/**
 * The queue consumer: the batch's messages deduplicated by vault, each vault drained of its
 * settled backlog. Answers the jobs whose build failed (the caller retries their messages).
 */
export async function consumePackJobs(deps: Deps, jobs: readonly PackJob[]): Promise<Set<string>> {
  const vaults = new Map<string, PackJob>();
  for (const job of jobs) vaults.set(jobId(job), job);
  const failed = new Set<string>();
  for (const [id, job] of vaults) {
    try {
      const run = await drainVault(deps, job.userId, job.vaultId, PACKS_PER_MESSAGE);
      if (run.built > 0) deps.log('packs_built', { vaultId: job.vaultId, packs: run.built, more: run.more });
    } catch (err) {
      failed.add(id);
      deps.log('pack_build_failed', {
        vaultId: job.vaultId,
        error: err instanceof Error ? err.message : 'unknown',
      });
    }
  }
  return failed;
}

export const jobId = (job: PackJob) => `${job.userId}\n${job.vaultId}`;
