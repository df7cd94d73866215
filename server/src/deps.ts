import type { ServiceConfig } from './config';
import type { ObjectStore, ObjectUrls } from './objects/ports';
import type { BillingProvider } from './ports/billing';
import type { BlobStore } from './ports/blobs';
import type { Clock } from './ports/clock';
import type { VaultHub } from './ports/hub';
import type { RateLimiter } from './ports/limiter';
import type { Mailer } from './ports/mailer';
import type { PackJobs } from './ports/pack-jobs';
import type { Sql } from './ports/sql';

/** Everything the service's logic needs, injected by the composition root (index.ts). */
export interface Deps {
  sql: Sql;
  blobs: BlobStore;
  /** chunks and packs: whole objects in R2, fetched by signed URL */
  objects: ObjectStore;
  /** null when the deployment cannot presign (STORAGE_PRESIGN_UNAVAILABLE) */
  objectUrls: ObjectUrls | null;
  clock: Clock;
  limiter: RateLimiter;
  mailer: Mailer;
  hub: VaultHub;
  /** null when no billing provider is configured (docs/billing.md) */
  billing: BillingProvider | null;
  /** pack compaction messages (spec 6.2); null where no queue is bound (the cron sweep still builds) */
  packJobs: PackJobs | null;
  config: ServiceConfig;
  /** structured log sink; callers never pass tokens, secrets or presigned URLs */
  log: (event: string, fields: Record<string, unknown>) => void;
}
