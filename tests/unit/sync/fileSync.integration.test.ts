import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHex } from '../../../src/sync/engine/attachments/fileChunks';
import { ATTACHMENT_CHUNK_PLAINTEXT_BYTES } from '../../../src/sync/protocol/attachments';
import { indicatorText } from '../../../src/ui/sync/syncMessages';
import type { NoteRow } from '../../../src/worker/db/schema';
import { SYNC_VAULT_ID } from '../../../src/worker/sync/syncStateStore';
import { type SharedSyncService, sharedSyncService } from '../support/sharedSyncService';
import { type Device, devicesOfOneAccount, value } from './syncDevice';

// Issue 15 (client half) against the real local service: a file's bytes go up as sealed chunks
// with a manifest record, come down on the other device byte-identical, resume after an
// interruption at the first missing chunk, and a chunk altered on the service is refused.

let service: SharedSyncService;
let a: Device;
let b: Device;

beforeAll(async () => {
  service = await sharedSyncService();
  ({
    devices: [a, b],
  } = await devicesOfOneAccount(service.url, 'files', ['A', 'B']));
  await a.sync.syncNow();
  await b.sync.syncNow();
}, 120_000);

afterAll(async () => {
  for (const d of [a, b]) d?.sync.stop();
  for (const d of [a, b]) await d?.sync.syncNow();
  for (const d of [a, b]) await d?.close();
}, 60_000);

function randomBytes(n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 65536) crypto.getRandomValues(out.subarray(i, Math.min(n, i + 65536)));
  return out;
}

const sha = async (b: Blob) =>
  toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', await b.arrayBuffer())));

let fileN = 0;
/** A filed file as the importer makes it: a notes row and its bytes in one transaction. */
async function fileOn(d: Device, bytes: Uint8Array, mime = 'image/png'): Promise<string> {
  const id = `file-${++fileN}-${Math.random().toString(36).slice(2, 8)}`;
  const t = Date.now();
  const row: NoteRow = {
    id,
    title: `picture ${fileN}.png`,
    titleKey: `picture ${fileN}.png`,
    folderPath: '',
    fileType: 'image',
    mime,
    size: bytes.length,
    snippet: '',
    wordCount: 0,
    tags: [],
    emoji: null,
    localOnly: false,
    created: t,
    modified: t,
  };
  await d.db.transaction('rw', [d.db.notes, d.db.blobs], async () => {
    await d.db.notes.add(row);
    await d.db.blobs.add({ id, blob: new Blob([bytes as BlobPart], { type: mime }) });
  });
  return id;
}

/** Every queue of both sides run dry: A uploads and pushes its manifest, B pulls and downloads. */
async function carry() {
  await a.sync.syncNow();
  await a.sync.files.settle();
  await a.sync.syncNow();
  await b.sync.syncNow();
  await b.sync.files.settle();
}

describe('file sync against the real local service', () => {
  it('carries a 2.5 MB file in sealed chunks, byte-identical, and says when it is all there', async () => {
    const bytes = randomBytes(2.5 * ATTACHMENT_CHUNK_PLAINTEXT_BYTES);
    const id = await fileOn(a, bytes);
    const from = a.requests.length;
    await carry();
    const puts = a.requests.slice(from).filter((r) => r.startsWith('PUT /sync/attachments/chunks/'));
    expect(puts).toHaveLength(3);
    const manifest = await b.db.attachmentManifests.get(id);
    expect(manifest?.chunks).toHaveLength(3);
    const got = (await b.db.blobs.get(id))?.blob;
    expect(got?.size).toBe(bytes.length);
    expect(await sha(got as Blob)).toBe(await sha(new Blob([bytes as BlobPart])));
    expect(await a.db.attachmentUploadQueue.count()).toBe(0);
    expect(await b.sync.files.state(id)).toEqual({ where: 'local' });
    expect((await a.sync.state()).status.phase).toBe('synced');
    expect((await b.sync.state()).status.phase).toBe('synced');
  }, 90_000);

  it('resumes an interrupted upload at the first missing chunk, and the file opens whole', async () => {
    const bytes = randomBytes(3 * ATTACHMENT_CHUNK_PLAINTEXT_BYTES + 1000);
    const id = await fileOn(a, bytes);
    let puts = 0;
    a.refuse(
      (method, path) => method === 'PUT' && path.startsWith('/sync/attachments/chunks/') && ++puts > 2,
    );
    await a.sync.syncNow();
    await a.sync.files.settle();
    a.refuse(null);
    const row = await a.db.attachmentUploadQueue.get(id);
    expect(row?.uploaded).toHaveLength(2);
    expect(row?.lastError?.code).toBe('NETWORK_OFFLINE');
    // the status tells the truth meanwhile
    const status = (await a.sync.state()).status;
    expect(status.phase).not.toBe('synced');
    expect(indicatorText(status)).toContain('1 file to upload');
    // the backoff is due at once for the test: the row's time is moved, not the rule
    await a.db.attachmentUploadQueue.update(id, { notBefore: 0 });
    const from = a.requests.length;
    await carry();
    const sent = a.requests.slice(from).filter((r) => r.startsWith('PUT /sync/attachments/chunks/'));
    expect(sent).toHaveLength(2); // chunks 3 and 4 only
    const got = (await b.db.blobs.get(id))?.blob as Blob;
    expect(await sha(got)).toBe(await sha(new Blob([bytes as BlobPart])));
  }, 90_000);

  it('sends a chunk again at once when its connection drops: the file goes up in the same run', async () => {
    const bytes = randomBytes(2 * ATTACHMENT_CHUNK_PLAINTEXT_BYTES + 10);
    const id = await fileOn(a, bytes);
    let dropped = 0;
    a.refuse((method, path) => {
      if (method !== 'PUT' || !path.startsWith('/sync/attachments/chunks/') || dropped > 0) return false;
      dropped++;
      return true;
    });
    await carry();
    a.refuse(null);
    expect(dropped).toBe(1);
    expect(await a.db.attachmentUploadQueue.count()).toBe(0);
    const got = (await b.db.blobs.get(id))?.blob as Blob;
    expect(await sha(got)).toBe(await sha(new Blob([bytes as BlobPart])));
  }, 90_000);

  it('refuses a chunk altered on the service: nothing shown as the file, the failure recorded, the uploader keeps its bytes', async () => {
    const bytes = randomBytes(ATTACHMENT_CHUNK_PLAINTEXT_BYTES + 10);
    const id = await fileOn(a, bytes);
    await a.sync.syncNow();
    await a.sync.files.settle();
    await a.sync.syncNow();
    const manifest = await a.db.attachmentManifests.get(id);
    const call = await a.sync.accountCall();
    const vaultId = (await a.db.syncState.get(SYNC_VAULT_ID))?.value as string;
    value(await call('POST', '/dev/tamper-chunk', { body: { vaultId, hash: manifest?.chunks[1] } }));
    await b.sync.syncNow();
    await b.sync.files.settle();
    expect(await b.db.blobs.get(id)).toBeUndefined();
    const failure = await b.db.attachmentDownloadFailures.get(id);
    expect(failure).toMatchObject({
      kind: 'transient',
      attempts: 1,
      error: { code: 'ATTACHMENT_CHUNK_TAMPERED' },
    });
    expect(failure?.retryAt).toBeGreaterThan(Date.now() + 50_000);
    const state = await b.sync.files.state(id);
    expect(state).toMatchObject({ where: 'failed', error: { code: 'ATTACHMENT_CHUNK_TAMPERED' } });
    const status = (await b.sync.state()).status;
    expect(status.phase).not.toBe('synced');
    expect(indicatorText(status)).toContain('1 file failed');
    expect((await a.db.blobs.get(id))?.blob.size).toBe(bytes.length);
  }, 90_000);
});
