import { PRESIGNED_URL_TTL_SECONDS } from '../../../src/sync/protocol/attachments';
import type { ServiceConfig } from '../config';
import type { Clock } from '../ports/clock';
import type { ObjectUrls } from './ports';
import { r2ObjectUrls } from './r2-presign';
import { workerObjectUrls } from './worker-urls';

/**
 * The deployment's signer: R2 presigned URLs when R2's S3 credentials are configured, else the
 * worker's own route when `OBJECT_URL_SECRET` is set and the request's origin is known, else null
 * (the deployment cannot presign: STORAGE_PRESIGN_UNAVAILABLE).
 */
export function objectUrlsFor(config: ServiceConfig, origin: string | null, clock: Clock): ObjectUrls | null {
  const ttlSeconds = PRESIGNED_URL_TTL_SECONDS;
  if (config.r2Presign) return r2ObjectUrls({ ...config.r2Presign, clock, ttlSeconds });
  if (config.objectUrlSecret && origin) {
    return workerObjectUrls({ secret: config.objectUrlSecret, origin, clock, ttlSeconds });
  }
  return null;
}
