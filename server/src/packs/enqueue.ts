import type { PackJob, PackJobs } from '../ports/pack-jobs';

/** The producer's retries on backpressure and their jitter bound (spec 6.2). */
export const PACK_ENQUEUE_RETRIES = 2;
export const PACK_ENQUEUE_JITTER_MS = 200;

export interface EnqueueDeps {
  send(job: PackJob): Promise<void>;
  log(event: string, fields: Record<string, unknown>): void;
  sleep(ms: number): Promise<void>;
  random(): number;
}

/**
 * PackJobs over a queue producer: the first send, then at most two retries each after a random
 * pause below 200 ms; when all fail, PACK_ENQUEUE_RATE_LIMITED (429 in spec 7) is logged as a
 * warning and the request goes on. Never rejects.
 */
export function retryingPackJobs(d: EnqueueDeps): PackJobs {
  return {
    async request(job) {
      for (let attempt = 0; ; attempt++) {
        try {
          await d.send(job);
          return;
        } catch (err) {
          if (attempt >= PACK_ENQUEUE_RETRIES) {
            d.log('pack_enqueue_failed', {
              level: 'warn',
              code: 'PACK_ENQUEUE_RATE_LIMITED',
              status: 429,
              vaultId: job.vaultId,
              attempts: attempt + 1,
              error: err instanceof Error ? err.name : 'unknown',
            });
            return;
          }
          await d.sleep(Math.floor(d.random() * PACK_ENQUEUE_JITTER_MS));
        }
      }
    },
  };
}
