import { createHash } from 'node:crypto';
import { api, signInDevice, type TestDevice } from './helpers';
import { signedItem, signedSnapshot } from './items';

/** Shared by the isolation tests (docs/isolation.md): A's data, and A's view of it as text. */
export const b64 = (n: number, fill: number) => Buffer.alloc(n, fill).toString('base64');

/** The bytes of A's one attachment chunk, and its SHA-256 (the chunk's name). */
export const CHUNK = Buffer.alloc(300, 7);
export const CHUNK_HASH = createHash('sha256').update(CHUNK).digest('hex');

/** Every read route A's data shows on, as `method path status body` lines (time fields dropped). */
export async function viewOf(a: TestDevice, vaultId: string): Promise<string[]> {
  const h = { 'x-svc-vault-id': vaultId, 'x-svc-sync-types': 'note,note_body,purged_tombstones' };
  const reads: [string, string, unknown?][] = [
    ['GET', '/sync/vaults'],
    ['GET', '/sync/changes?cursor=0&inline=1'],
    ['GET', '/sync/manifest'],
    ['POST', '/sync/pull', { items: [{ type: 'note', id: 'SECRET-ID' }] }],
    ['GET', '/sync/crdt/updates?note_id=SECRET-NOTE'],
    ['GET', '/sync/crdt/snapshot/SECRET-NOTE'],
    ['GET', '/auth/key-verifier'],
    ['GET', '/devices'],
    ['POST', '/keys/claim', {}],
    ['GET', '/auth/billing'],
  ];
  const out: string[] = [];
  for (const [method, path, body] of reads) {
    const res = await api(path, { method, token: a.accessToken, headers: h, ...(body ? { body } : {}) });
    out.push(`${method} ${path} ${res.status} ${res.text.replace(/"serverTimeMs":\d+/, '')}`);
  }
  // the chunk: listed as A's, its bytes unchanged (the URL itself is signed afresh each time)
  const signed = await api<{ urls: { hash: string; size: number; url: string }[]; missing: string[] }>(
    '/sync/attachments/presign-batch',
    { token: a.accessToken, headers: h, body: { hashes: [CHUNK_HASH] } },
  );
  const chunk = signed.body.urls[0];
  const bytes = chunk ? Buffer.from(await (await fetch(chunk.url)).arrayBuffer()).toString('hex') : '';
  out.push(`chunk ${signed.status} ${chunk?.hash} ${chunk?.size} ${signed.body.missing} ${bytes}`);
  return out;
}

/** A new account with one vault holding a record, a CRDT update, a snapshot, a chunk and a key verifier. */
export async function seedA(a?: TestDevice, vaultId = crypto.randomUUID()) {
  const dev = a ?? (await signInDevice());
  const h = { 'x-svc-vault-id': vaultId };
  const steps = [
    await api('/sync/vaults', {
      token: dev.accessToken,
      body: { vaultId, encryptedName: b64(40, 1), nameNonce: b64(24, 2) },
    }),
    await api('/sync/push', {
      token: dev.accessToken,
      headers: h,
      body: { items: [await signedItem(dev, vaultId, { id: 'SECRET-ID', clock: { [dev.deviceId]: 1 } })] },
    }),
    await api('/sync/crdt/updates', {
      token: dev.accessToken,
      headers: h,
      body: { noteId: 'SECRET-NOTE', update: b64(10, 3) },
    }),
    await api('/sync/crdt/snapshot', {
      token: dev.accessToken,
      headers: h,
      body: await signedSnapshot(dev, vaultId, { noteId: 'SECRET-NOTE', snapshot: b64(10, 4) }),
    }),
    await api('/auth/key-verifier', {
      method: 'PUT',
      token: dev.accessToken,
      body: { verifier: b64(32, 6) },
    }),
    await api(`/sync/attachments/chunks/${CHUNK_HASH}`, {
      method: 'PUT',
      token: dev.accessToken,
      rawBody: CHUNK,
      headers: { ...h, 'x-svc-attachment-id': 'SECRET-FILE', 'x-svc-file-size': String(CHUNK.length) },
    }),
  ];
  for (const s of steps) if (s.status !== 200) throw new Error(`seeding A failed: ${s.status} ${s.text}`);
  return { a: dev, vaultId };
}
