import { PACK_SETTLE_MS } from '../packs/build';
import { retryingPackJobs } from '../packs/enqueue';
import type { PackJob, PackJobs } from '../ports/pack-jobs';

/**
 * PackJobs over the Cloudflare Queue producer `PACK_QUEUE`. The send runs after the response
 * (`waitUntil`), delayed by the settle time so the consumer finds the rows it was told about.
 */
export function queuePackJobs(
  queue: Queue<PackJob>,
  log: (event: string, fields: Record<string, unknown>) => void,
  waitUntil: (p: Promise<unknown>) => void,
): PackJobs {
  const jobs = retryingPackJobs({
    send: async (job) => {
      await queue.send(job, { delaySeconds: Math.ceil(PACK_SETTLE_MS / 1000) });
    },
    log,
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    random: Math.random,
  });
  return {
    async request(job) {
      waitUntil(jobs.request(job));
    },
  };
}
