import type { ServiceConfig } from './config';
import type { BlobStore } from './ports/blobs';
import type { Clock } from './ports/clock';
import type { VaultHub } from './ports/hub';
import type { RateLimiter } from './ports/limiter';
import type { Mailer } from './ports/mailer';
import type { Sql } from './ports/sql';

/** Everything the service's logic needs, injected by the composition root (index.ts). */
export interface Deps {
  sql: Sql;
  blobs: BlobStore;
  clock: Clock;
  limiter: RateLimiter;
  mailer: Mailer;
  hub: VaultHub;
  config: ServiceConfig;
  /** structured log sink; callers never pass tokens, secrets or presigned URLs */
  log: (event: string, fields: Record<string, unknown>) => void;
}
