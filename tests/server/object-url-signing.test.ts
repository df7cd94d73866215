import { describe, expect, it } from 'vitest';
import { amzDate, presignS3Get, r2ObjectUrls } from '../../server/src/objects/r2-presign';
import { verifyObjectUrl, workerObjectUrls } from '../../server/src/objects/worker-urls';

/** The signers alone, with a fixed clock (no workerd needed). */
describe('signed object URLs', () => {
  it("R2 presigning reproduces AWS's documented SigV4 presigned GET example", async () => {
    // "Authenticating Requests: Using Query Parameters (AWS Signature Version 4)", Amazon S3 API
    // Reference: GET test.txt from examplebucket, 24 May 2013, valid 86400 s.
    const url = await presignS3Get(
      {
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
      },
      'https://examplebucket.s3.amazonaws.com/test.txt',
      86400,
      Date.UTC(2013, 4, 24),
    );
    const u = new URL(url);
    expect(u.origin + u.pathname).toBe('https://examplebucket.s3.amazonaws.com/test.txt');
    expect(Object.fromEntries(u.searchParams)).toEqual({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': 'AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request',
      'X-Amz-Date': '20130524T000000Z',
      'X-Amz-Expires': '86400',
      'X-Amz-SignedHeaders': 'host',
      'X-Amz-Signature': 'aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    });
  });

  it('R2 URLs address <account>.r2.cloudflarestorage.com/<bucket>/<key> in region auto, valid 15 minutes', async () => {
    const now = Date.UTC(2026, 10, 28, 12, 0, 0, 700);
    const urls = r2ObjectUrls({
      accountId: 'acct123',
      bucket: 'cairn-blobs',
      accessKeyId: 'AKID',
      secretAccessKey: 'SECRET',
      clock: { nowMs: () => now },
      ttlSeconds: 900,
    });
    const signed = await urls.presignGet('u1/vaults/v1/chunks/abc');
    const u = new URL(signed.url);
    expect(u.origin + u.pathname).toBe(
      'https://acct123.r2.cloudflarestorage.com/cairn-blobs/u1/vaults/v1/chunks/abc',
    );
    expect(u.searchParams.get('X-Amz-Credential')).toBe('AKID/20261128/auto/s3/aws4_request');
    expect(u.searchParams.get('X-Amz-Date')).toBe(amzDate(now));
    expect(u.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(u.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(signed.expiresAt).toBe(Date.UTC(2026, 10, 28, 12, 15, 0));
    // deterministic for a fixed clock, different for another key
    expect((await urls.presignGet('u1/vaults/v1/chunks/abc')).url).toBe(signed.url);
    expect((await urls.presignGet('u1/vaults/v1/chunks/abd')).url).not.toBe(signed.url);
  });

  it('worker URLs verify only for their key, expiry and secret', async () => {
    const secret = 'an-object-url-secret-of-32-characters-or-more';
    let now = 1_800_000_000_000;
    const urls = workerObjectUrls({
      secret,
      origin: 'https://sync.example',
      clock: { nowMs: () => now },
      ttlSeconds: 900,
    });
    const signed = await urls.presignGet('u1/vaults/v 1/chunks/abc');
    const u = new URL(signed.url);
    expect(u.pathname).toBe('/objects/u1/vaults/v%201/chunks/abc');
    const exp = u.searchParams.get('exp') ?? undefined;
    const sig = u.searchParams.get('sig') ?? undefined;
    expect(signed.expiresAt).toBe(now + 900_000);
    expect(await verifyObjectUrl(secret, 'u1/vaults/v 1/chunks/abc', exp, sig, now)).toEqual({ ok: true });
    expect(await verifyObjectUrl(secret, 'u1/vaults/v 1/chunks/abd', exp, sig, now)).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(await verifyObjectUrl(`${secret}!`, 'u1/vaults/v 1/chunks/abc', exp, sig, now)).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(await verifyObjectUrl(secret, 'u1/vaults/v 1/chunks/abc', exp, 'x', now)).toEqual({
      ok: false,
      reason: 'malformed',
    });
    now += 900_000;
    expect(await verifyObjectUrl(secret, 'u1/vaults/v 1/chunks/abc', exp, sig, now)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });
});
