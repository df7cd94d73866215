import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { api, base, errorCode, signInDevice, type TestDevice } from './helpers';

const logPath = inject('syncLogPath');

/** Stores `bytes` as one of the device's own objects and answers a signed GET URL of it. */
async function storedObject(d: TestDevice, name: string, bytes: Uint8Array<ArrayBuffer>, asOfMs?: number) {
  const key = `${d.userId}/vaults/default/chunks/${name}`;
  const put = await api(`/dev/objects/${key}`, { method: 'PUT', token: d.accessToken, rawBody: bytes });
  expect(put.status).toBe(200);
  const signed = await api<{ url: string; expiresAt: number }>('/dev/objects/presign', {
    token: d.accessToken,
    body: { key, ...(asOfMs === undefined ? {} : { asOfMs }) },
  });
  expect(signed.status).toBe(200);
  return { key, ...signed.body };
}

const bytesOf = (n: number, seed = 7): Uint8Array<ArrayBuffer> =>
  Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) % 251);
const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });

describe('the signed object route (real workerd, no R2 credentials: the worker signs)', () => {
  it('serves the object for its signed, absolute URL and refuses a tampered, moved or expired one', async () => {
    const d = await signInDevice();
    const body = bytesOf(5000);
    const a = await storedObject(d, 'a'.repeat(64), body);
    const b = await storedObject(d, 'b'.repeat(64), bytesOf(10, 3));
    expect(a.url.startsWith(`${base}/objects/`)).toBe(true);
    expect(a.expiresAt).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(a.expiresAt).toBeLessThanOrEqual(Date.now() + 15 * 60_000 + 1000);

    const ok = await get(a.url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('accept-ranges')).toBe('bytes');
    expect(new Uint8Array(await ok.arrayBuffer())).toEqual(body);

    // one character of the signature changed
    const url = new URL(a.url);
    const sig = url.searchParams.get('sig') as string;
    url.searchParams.set('sig', `${sig.slice(0, -2)}${sig.at(-2) === 'A' ? 'B' : 'A'}${sig.at(-1)}`);
    const tampered = await get(url.toString());
    expect(tampered.status).toBe(403);
    expect((await tampered.json()).error.code).toBe('FORBIDDEN');
    // a later expiry under the same signature
    const later = new URL(a.url);
    later.searchParams.set('exp', String(Number(later.searchParams.get('exp')) + 3600));
    expect((await get(later.toString())).status).toBe(403);
    // a's signature on b's path
    const moved = new URL(b.url);
    moved.search = new URL(a.url).search;
    expect((await get(moved.toString())).status).toBe(403);
    // no signature at all
    expect((await get(`${base}/objects/${a.key}`)).status).toBe(403);

    const old = await storedObject(d, 'c'.repeat(64), body, Date.now() - 16 * 60_000);
    const expired = await get(old.url);
    expect(expired.status).toBe(403);
    expect((await expired.json()).error).toEqual({
      code: 'FORBIDDEN',
      message: 'this object URL has expired; ask for a new one',
    });
  });

  it("another account's signed URL works only for that object; a missing object is 404", async () => {
    const a = await signInDevice();
    const b = await signInDevice();
    const objA = await storedObject(a, 'd'.repeat(64), bytesOf(100));
    const objB = await storedObject(b, 'd'.repeat(64), bytesOf(100, 9));
    // B's URL serves B's object, never A's under the same name
    expect(new Uint8Array(await (await get(objB.url)).arrayBuffer())).toEqual(bytesOf(100, 9));
    const cross = new URL(objA.url);
    cross.search = new URL(objB.url).search;
    expect((await get(cross.toString())).status).toBe(403);
    // a signed URL of an object that was never stored
    const signed = await api<{ url: string }>('/dev/objects/presign', {
      token: a.accessToken,
      body: { key: `${a.userId}/vaults/default/chunks/${'e'.repeat(64)}` },
    });
    const missing = await get(signed.body.url);
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe('NOT_FOUND');
    // the development presign refuses another account's key
    const foreign = await api('/dev/objects/presign', { token: a.accessToken, body: { key: objB.key } });
    expect(errorCode(foreign)).toBe('NOT_FOUND');
  });

  it('answers Range: bytes=N- with 206 and Content-Range, and 416 past the end', async () => {
    const d = await signInDevice();
    const body = bytesOf(3000);
    const o = await storedObject(d, 'f'.repeat(64), body);
    const tail = await get(o.url, { range: 'bytes=1000-' });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe('bytes 1000-2999/3000');
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(body.slice(1000));
    const mid = await get(o.url, { range: 'bytes=10-19' });
    expect(mid.status).toBe(206);
    expect(mid.headers.get('content-range')).toBe('bytes 10-19/3000');
    expect(new Uint8Array(await mid.arrayBuffer())).toEqual(body.slice(10, 20));
    const past = await get(o.url, { range: 'bytes=3000-' });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */3000');
  });

  it('spends no rate bucket: more GETs than any bucket allows in a minute all succeed', async () => {
    const d = await signInDevice();
    const o = await storedObject(d, '0'.repeat(64), bytesOf(64));
    // 610 > 600, the largest steady ceiling of any bucket (spec 8.1)
    const statuses: number[] = [];
    let started = 0;
    const lanes = Array.from({ length: 10 }, async () => {
      while (started < 610) {
        started++;
        const res = await get(o.url, { range: 'bytes=60-' });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
    });
    await Promise.all(lanes);
    expect(statuses.length).toBe(610);
    expect(statuses.every((s) => s === 206)).toBe(true);
  });

  it('never writes a signed URL, its signature or its query to the service log', async () => {
    const d = await signInDevice();
    const o = await storedObject(d, '1'.repeat(64), bytesOf(64));
    await (await get(o.url)).arrayBuffer();
    const bad = new URL(o.url);
    bad.searchParams.set('exp', '1');
    await (await get(bad.toString())).arrayBuffer();
    await new Promise((r) => setTimeout(r, 1000));
    const log = readFileSync(logPath, 'utf8');
    // the request log line of the route is there (the path only) ...
    expect(log).toContain(`/objects/${o.key}`);
    // ... but never the URL, its query or its signature
    const sig = new URL(o.url).searchParams.get('sig') as string;
    for (const s of [o.url, sig, new URL(o.url).search, bad.search]) expect(log.includes(s)).toBe(false);
  });
});
