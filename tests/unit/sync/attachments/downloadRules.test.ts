import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createAttachmentSealer } from '../../../../src/sync/crypto/attachmentCipher';
import { deriveVaultKeyring } from '../../../../src/sync/crypto/keys';
import { MISSING_PROBE_INTERVAL_MS } from '../../../../src/sync/engine/attachments/retryRules';
import { syncOk } from '../../../../src/sync/engine/http/syncError';
import type { SyncCall } from '../../../../src/sync/engine/http/syncHttp';
import { openVaultDb, type VaultDb } from '../../../../src/worker/db/schema';
import { downloadModeOf, runDownloads } from '../../../../src/worker/sync/attachmentDownloads';

// Spec 3.8 on this device's tables: a file whose chunks stay missing through its last daily probe
// has its note's reference pruned, unless an upload for that note is pending here; and which
// files the background sweep fetches in each download mode.

const keyring = deriveVaultKeyring(new Uint8Array(32).fill(1), '6f1c2c52-8d0e-4d65-9d1b-0f7ac1a2b3c4');
const HASH = 'a'.repeat(64);
let db: VaultDb;
let n = 0;

afterEach(async () => {
  await db?.delete();
});

/** The service holds none of the file's chunks (presign answers them missing); counts the presigns. */
function missingEverywhere() {
  const asked: string[] = [];
  const call = (async (_m: string, _p: string, o: { body: { hashes: string[] } }) => {
    asked.push(...o.body.hashes);
    return syncOk({ urls: [], missing: o.body.hashes });
  }) as unknown as SyncCall;
  return { call, asked };
}

async function vaultWithFile(opts: { pendingUploadForNote: boolean; probes: number }) {
  db = openVaultDb(`download-rules-${++n}-${Date.now()}`);
  await db.open();
  const t = 1000;
  await db.notes.add({
    id: 'note',
    title: 'Trip',
    titleKey: 'trip',
    folderPath: '',
    fileType: 'markdown',
    snippet: '',
    wordCount: 0,
    tags: [],
    emoji: null,
    localOnly: false,
    created: t,
    modified: t,
    attachmentReferences: ['pic', 'other'],
  });
  await db.attachmentManifests.add({
    fileId: 'pic',
    path: 'attachments/note/pic.png',
    mediaType: 'image/png',
    size: 10,
    contentHash: 'b'.repeat(64),
    chunkPlaintextBytes: 1024 * 1024,
    chunks: [HASH],
    // a real sealed file key: the download gets past the key to the chunks
    ...createAttachmentSealer(keyring, 'pic').header,
    noteId: 'note',
    uploaderDeviceId: 'dev-a',
    createdAt: t,
    modifiedAt: t,
    clock: { a: 1 },
  });
  if (opts.probes > 0) {
    await db.attachmentDownloadFailures.put({
      fileId: 'pic',
      kind: 'missing',
      attempts: opts.probes,
      retryAt: 0,
      error: { code: 'ATTACHMENT_NOT_UPLOADED', message: 'x' },
      failedAt: 0,
    });
  }
  if (opts.pendingUploadForNote) {
    await db.attachmentUploadQueue.add({
      fileId: 'another-attachment',
      noteId: 'note',
      enqueuedAt: t,
      header: null,
      uploaded: [],
      attempts: 0,
      notBefore: 0,
      lastError: null,
    });
  }
}

const sweep = (call: SyncCall, mode: 'all' | 'on_open' | 'never', wanted: string[] = []) =>
  runDownloads({
    db,
    call,
    fetch: globalThis.fetch,
    keyring,
    now: () => 10 * MISSING_PROBE_INTERVAL_MS,
    stopped: () => false,
    mode,
    wanted: new Set(wanted),
    onProgress: () => {},
    arrived: () => {},
  });

describe('attachment download rules', () => {
  it('prunes the reference after the third daily re-probe fails, when no upload of the note is pending', async () => {
    await vaultWithFile({ pendingUploadForNote: false, probes: 3 });
    await sweep(missingEverywhere().call, 'all');
    expect(await db.attachmentDownloadFailures.get('pic')).toMatchObject({
      kind: 'missing',
      attempts: 4,
      retryAt: null,
    });
    expect((await db.notes.get('note'))?.attachmentReferences).toEqual(['other']);
    // never again automatically
    const again = missingEverywhere();
    await sweep(again.call, 'all');
    expect(again.asked).toEqual([]);
  });

  it('keeps the reference while an upload for that note is pending on this device', async () => {
    await vaultWithFile({ pendingUploadForNote: true, probes: 3 });
    await sweep(missingEverywhere().call, 'all');
    expect(await db.attachmentDownloadFailures.get('pic')).toMatchObject({ retryAt: null });
    expect((await db.notes.get('note'))?.attachmentReferences).toEqual(['pic', 'other']);
  });

  it('keeps re-probing before the third: the next probe a day later', async () => {
    await vaultWithFile({ pendingUploadForNote: false, probes: 1 });
    await sweep(missingEverywhere().call, 'all');
    expect(await db.attachmentDownloadFailures.get('pic')).toMatchObject({
      attempts: 2,
      retryAt: 11 * MISSING_PROBE_INTERVAL_MS,
    });
    expect((await db.notes.get('note'))?.attachmentReferences).toEqual(['pic', 'other']);
  });

  it('fetches in the background only in mode all; on open and never fetch only a file asked for', async () => {
    await vaultWithFile({ pendingUploadForNote: false, probes: 0 });
    for (const mode of ['on_open', 'never'] as const) {
      const s = missingEverywhere();
      await sweep(s.call, mode);
      expect(s.asked).toEqual([]);
    }
    const opened = missingEverywhere();
    await sweep(opened.call, 'on_open', ['pic']);
    expect(opened.asked).toEqual([HASH]);
    expect(downloadModeOf(true)).toBe('all');
    expect(downloadModeOf(false)).toBe('never');
    expect(downloadModeOf('on_open')).toBe('on_open');
  });
});
