import { fromBase64, openItem, type VaultKeyring, verifySnapshotSignature } from '../../crypto';
import type { CrdtSnapshotResponse } from '../../protocol/crdt';
import { sha256HexSync } from '../../protocol/signing';
import type { SyncResult } from '../http/syncError';
import type { SyncCall } from '../http/syncHttp';
import type { BodyMark, BodyPort } from '../ports';
import { NOTE_BODY_ADDRESS_TYPE } from '../push/noteBodyAddress';
import type { KeyDirectory } from './keyDirectory';

/**
 * Revisions this session merged or wrote, per note (spec 4.3.10 "the revision this session
 * merged"): the revision rule of the sweep (`needsBaseline`) skips a baseline GET only for these.
 * In memory on purpose: a stored mark alone never skips it.
 */
export type SessionRevisions = Map<string, string>;

export interface BaselineDeps {
  call: SyncCall;
  keyring: VaultKeyring;
  keys: KeyDirectory;
  bodies: BodyPort;
  session: SessionRevisions;
}

export type BaselineResult =
  /** `revision`: the service's snapshot revision read by this GET (null: it holds none) */
  | { kind: 'merged' | 'current'; mark: BodyMark | null; revision: string | null }
  /** the snapshot failed its signature or does not open: the caller quarantines it */
  | { kind: 'refused'; reason: string };

/**
 * Merges a note's server snapshot (its baseline, `GET /sync/crdt/snapshot/:noteId`) into the local
 * document unless this device already merged that revision (spec 4.3.10, 4.3.11). The mark moves in
 * the same transaction as the merge. The snapshot's signature is checked against the key directory
 * (spec 5.3; signing.ts `cairn.sync.snapshot.v1`), then the sealed bytes open only for this note.
 * Every caller (the pull's snapshot entries, the sweep, the over-1-MB path) records the revision
 * read in `session`, so the periodic sweep does not fetch again what the pull just merged; a
 * snapshot whose blob is gone is recorded too (re-reading it answers nothing more).
 */
export async function mergeBaseline(
  deps: BaselineDeps,
  docId: string,
  /** the GET already sent for this note (a pull fetches a page's baselines ahead, pullChanges.ts) */
  fetched?: Promise<SyncResult<CrdtSnapshotResponse>>,
): Promise<SyncResult<BaselineResult>> {
  const res = await (fetched ?? fetchBaseline(deps, docId));
  if (!res.ok) return res;
  const mark = await deps.bodies.markOf(docId);
  const { snapshot, revision, sequenceNum, signerDeviceId, signature } = res.value;
  if (snapshot === null || revision === null || mark?.revision === revision) {
    if (revision !== null) deps.session.set(docId, revision);
    return { ok: true, value: { kind: 'current', mark, revision } };
  }
  const sealed = fromBase64(snapshot);
  if (!sealed) return { ok: true, value: { kind: 'refused', reason: 'snapshot is not base64' } };
  if (!signature || !signerDeviceId) {
    return { ok: true, value: { kind: 'refused', reason: 'snapshot has no signature' } };
  }
  const key = await deps.keys.keyOf(signerDeviceId);
  if (!key.ok) return key;
  const sig = fromBase64(signature);
  const fields = {
    vaultId: deps.keyring.vaultId,
    noteId: docId,
    deviceId: signerDeviceId,
    contentHash: sha256HexSync(sealed),
    sizeBytes: sealed.length,
  };
  if (key.value === null || sig === null || !(await verifySnapshotSignature(key.value, fields, sig))) {
    return { ok: true, value: { kind: 'refused', reason: 'snapshot signature does not verify' } };
  }
  const state = openSealedBody(deps.keyring, docId, sealed);
  if (!state) return { ok: true, value: { kind: 'refused', reason: 'snapshot does not open' } };
  const next = { appliedSeq: Math.max(mark?.appliedSeq ?? 0, sequenceNum), revision };
  await deps.bodies.applyRemote(docId, state, next);
  deps.session.set(docId, revision);
  return { ok: true, value: { kind: 'merged', mark: next, revision } };
}

/** `GET /sync/crdt/snapshot/:noteId`: the note's baseline as the service holds it now. */
export function fetchBaseline(
  deps: Pick<BaselineDeps, 'call' | 'keyring'>,
  docId: string,
): Promise<SyncResult<CrdtSnapshotResponse>> {
  return deps.call<CrdtSnapshotResponse>('GET', `/sync/crdt/snapshot/${encodeURIComponent(docId)}`, {
    vaultId: deps.keyring.vaultId,
  });
}

/** Sealed body bytes (an envelope blob) back to Yjs bytes; null when they do not open for this note. */
export function openSealedBody(keyring: VaultKeyring, docId: string, sealed: Uint8Array): Uint8Array | null {
  let envelope: unknown;
  try {
    envelope = JSON.parse(new TextDecoder().decode(sealed));
  } catch {
    return null;
  }
  const opened = openItem(keyring, { type: NOTE_BODY_ADDRESS_TYPE, id: docId }, envelope);
  return opened.ok ? opened.value : null;
}
