import { describe, expect, it } from 'vitest';
import {
  deriveVaultKeyring,
  encodeEnvelopeBlob,
  generateDeviceKey,
  generateVaultKey,
  sealItem,
  signSnapshot,
  toBase64,
} from '../../../src/sync/crypto';
import type { SyncResult } from '../../../src/sync/engine/http/syncError';
import type { SyncCall } from '../../../src/sync/engine/http/syncHttp';
import type { BodyMark } from '../../../src/sync/engine/ports';
import { BASELINE_FETCH_WINDOW } from '../../../src/sync/engine/pull/baselinePrefetch';
import { LAST_CURSOR } from '../../../src/sync/engine/pull/cursorRepair';
import { pullChanges } from '../../../src/sync/engine/pull/pullChanges';
import { NOTE_BODY_ADDRESS_TYPE } from '../../../src/sync/engine/push/noteBodyAddress';
import type { NoteBodyRef } from '../../../src/sync/protocol/changes';
import { sha256HexSync } from '../../../src/sync/protocol/signing';
import { oneKeyDirectory, pullDepsOver } from './syncFakes';

const VAULT = '0b6f0000-0000-4000-8000-000000000005';

/**
 * A scripted service with one changes page of note-body entries: `count` snapshot entries, one
 * inline update in the middle, and a snapshot entry of a note whose revision this device already
 * merged. Snapshot GETs answer after a delay that makes later ones answer first; `failAt` answers
 * that note's GET with a 429.
 */
async function setup(count: number, failAt: string | null = null) {
  const keyring = deriveVaultKeyring(generateVaultKey(), VAULT);
  const signer = { key: await generateDeviceKey(undefined), deviceId: 'dev' };
  const snapshots = new Map<string, unknown>();
  const refs: NoteBodyRef[] = [];
  for (let i = 0; i < count; i++) {
    const noteId = `n${i}`;
    const sealed = encodeEnvelopeBlob(
      sealItem(keyring, { type: NOTE_BODY_ADDRESS_TYPE, id: noteId }, new Uint8Array([i])),
    );
    const signature = await signSnapshot(signer.key, {
      vaultId: VAULT,
      noteId,
      deviceId: 'dev',
      contentHash: sha256HexSync(sealed),
      sizeBytes: sealed.length,
    });
    snapshots.set(noteId, {
      snapshot: toBase64(sealed),
      sequenceNum: 1,
      signerDeviceId: 'dev',
      revision: `rev-${noteId}`,
      signature: toBase64(signature),
    });
    refs.push({ kind: 'snapshot', noteId, serverCursor: i + 1, sequenceNum: 1, revision: `rev-${noteId}` });
    if (i === Math.floor(count / 2)) {
      const update = encodeEnvelopeBlob(
        sealItem(keyring, { type: NOTE_BODY_ADDRESS_TYPE, id: 'u' }, new Uint8Array([7])),
      );
      refs.push({
        kind: 'update',
        noteId: 'u',
        serverCursor: 500,
        sequenceNum: 3,
        sizeBytes: 1,
        data: toBase64(update),
      });
    }
  }
  refs.push({ kind: 'snapshot', noteId: 'known', serverCursor: 900, sequenceNum: 1, revision: 'rev-known' });
  const gets: string[] = [];
  let open = 0;
  let maxOpen = 0;
  const call = (async (_m: string, path: string): Promise<SyncResult<unknown>> => {
    if (path.startsWith('/sync/changes')) {
      return { ok: true, value: { refs: [], nextCursor: 1000, serverTimeMs: 0, noteBodies: refs } };
    }
    const noteId = decodeURIComponent(path.split('/').at(-1)!);
    gets.push(noteId);
    open += 1;
    maxOpen = Math.max(maxOpen, open);
    await new Promise((r) => setTimeout(r, 2 + (count - Number(noteId.slice(1))) * 2));
    open -= 1;
    if (noteId === failAt)
      return { ok: false, error: { code: 'RATE_LIMITED', message: 'slow down', status: 429 } };
    return { ok: true, value: snapshots.get(noteId) };
  }) as SyncCall;
  const merged: string[] = [];
  const marks = new Map<string, BodyMark>([['known', { appliedSeq: 1, revision: 'rev-known' }]]);
  const state = new Map<string, unknown>();
  const run = () =>
    pullChanges(
      pullDepsOver(call, keyring, state, {
        keys: oneKeyDirectory(signer.key.publicKey),
        bodies: {
          applyRemote: async (docId, _update, mark) => {
            merged.push(docId);
            if (mark) marks.set(docId, mark);
          },
          uploadInfo: async () => new Map(),
          markOf: async (docId) => marks.get(docId) ?? null,
          marksOf: async (docIds) =>
            new Map(docIds.flatMap((id) => (marks.has(id) ? [[id, marks.get(id)!] as const] : []))),
          bodyIds: async () => [],
          setMarks: async () => {},
        },
        types: ['note', 'note_body'],
      }),
    );
  return { run, gets, merged, state, maxOpen: () => maxOpen };
}

describe('baseline GETs ahead of their merges (spec 4.3.10)', () => {
  it(`keeps ${BASELINE_FETCH_WINDOW} GETs in flight and merges in feed order`, async () => {
    const s = await setup(20);
    const res = await s.run();
    expect(res.kind).toBe('done');
    expect(s.maxOpen()).toBe(BASELINE_FETCH_WINDOW);
    // the known revision is never fetched; every other snapshot once
    expect([...s.gets].sort()).toEqual(Array.from({ length: 20 }, (_, i) => `n${i}`).sort());
    const order = [
      ...Array.from({ length: 11 }, (_, i) => `n${i}`),
      'u',
      ...Array.from({ length: 9 }, (_, i) => `n${i + 11}`),
    ];
    expect(s.merged).toEqual(order);
    expect(s.state.get(LAST_CURSOR)).toBe(1000);
  });

  it('stops at a failed GET: nothing after it is merged and the cursor holds', async () => {
    const s = await setup(20, 'n7');
    const res = await s.run();
    expect(res).toMatchObject({ kind: 'stopped', error: { code: 'RATE_LIMITED' } });
    expect(s.merged).toEqual(Array.from({ length: 7 }, (_, i) => `n${i}`));
    expect(s.state.get(LAST_CURSOR)).toBeUndefined();
  });
});
