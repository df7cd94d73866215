import { AwsV4Signer } from 'aws4fetch';
import type { Clock } from '../ports/clock';
import type { ObjectUrls } from './ports';
import { keyPath } from './worker-urls';

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** SigV4's `X-Amz-Date` form of an instant: `20130524T000000Z`. */
export const amzDate = (ms: number) => new Date(ms).toISOString().replace(/[:-]|\.\d{3}/g, '');

/**
 * A SigV4 query-signed (presigned) GET of `objectUrl`, valid `expiresSeconds` from `nowMs`, signed
 * by aws4fetch (only the `host` header is signed, the payload is UNSIGNED-PAYLOAD, as S3 presigned
 * GETs are). Pure: the same inputs give the same URL (tests/unit/server/r2Presign.test.ts checks
 * it against AWS's documented example).
 */
export async function presignS3Get(
  creds: S3Credentials,
  objectUrl: string,
  expiresSeconds: number,
  nowMs: number,
): Promise<string> {
  const url = new URL(objectUrl);
  url.searchParams.set('X-Amz-Expires', String(expiresSeconds));
  const signer = new AwsV4Signer({
    method: 'GET',
    url: url.toString(),
    accessKeyId: creds.accessKeyId,
    secretAccessKey: creds.secretAccessKey,
    service: 's3',
    region: creds.region,
    datetime: amzDate(nowMs),
    signQuery: true,
  });
  const signed = await signer.sign();
  return signed.url.toString();
}

/**
 * R2 presigned GETs (R2's S3 API: `https://<account>.r2.cloudflarestorage.com/<bucket>/<key>`,
 * region `auto`). The URL goes straight to R2: the worker never sees, spends or logs it.
 */
export function r2ObjectUrls(opts: {
  accountId: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  clock: Clock;
  ttlSeconds: number;
}): ObjectUrls {
  const creds = { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey, region: 'auto' };
  const endpoint = `https://${opts.accountId}.r2.cloudflarestorage.com/${encodeURIComponent(opts.bucket)}/`;
  return {
    kind: 'r2',
    async presignGet(key) {
      const nowMs = opts.clock.nowMs();
      // SigV4 dates have whole seconds: the expiry counts from the signed second
      const signedAt = Math.floor(nowMs / 1000) * 1000;
      const url = await presignS3Get(creds, `${endpoint}${keyPath(key)}`, opts.ttlSeconds, signedAt);
      return { url, expiresAt: signedAt + opts.ttlSeconds * 1000 };
    },
  };
}
