import { bytesToHex } from '@noble/hashes/utils.js';
import * as v from 'valibot';
import { fromBase64, type VaultKeyring, verifySnapshotSignature } from '../../crypto';
import { PACK_APPLY_PAGE_ENTRIES } from '../../protocol/limits';
import type { MpakIndexEntry } from '../../protocol/mpakFormat';
import { MPAK_KIND } from '../../protocol/mpakFormat';
import { type MpakPack, type MpakSource, readMpakEntry } from '../../protocol/mpakReader';
import { PackSnapshotMeta } from '../../protocol/packs';
import type { BodyMark, BodyPort } from '../ports';
import { openSealedBody, type SessionRevisions } from '../pull/mergeBaseline';
import type { PackStorePort, SeededBody } from './packPorts';

/** Milliseconds spent per stage of the seed (the bench's split). */
export interface PackTimings {
  transfer: number;
  verify: number;
  decrypt: number;
  store: number;
}

export interface ApplyDeps {
  keyring: VaultKeyring;
  bodies: Pick<BodyPort, 'marksOf'>;
  store: PackStorePort;
  session: SessionRevisions;
  /** every registered device's signing key (revoked ones included) */
  keys: ReadonlyMap<string, Uint8Array>;
  timings: PackTimings;
  stopped: () => boolean;
}

export interface ApplyTally {
  applied: number;
  /** the local watermark was at or beyond the entry */
  stale: number;
  /** malformed meta, digest, decrypt or signature: left to the item path (its baseline GET) */
  failed: number;
  /** not a snapshot entry */
  skipped: number;
}

/**
 * Spec 3.7 steps 4-5 for one pack that passed every structural and payload check: each
 * `crdt_snapshot` entry with a well-formed meta is checked against the local watermark, its
 * digest verified, decrypted, its Ed25519 signature verified against every registered key (the
 * first that verifies is the signer), then seeded; committed every 100 applied entries and at the
 * pack's end, `endRows` (the pack watermark) inside that last transaction. An entry that fails
 * any check is left to the item path (spec 7); nothing of it is stored. Answers null when stopped
 * before the end (the pack is then not complete).
 */
export async function applyPack(
  deps: ApplyDeps,
  source: MpakSource,
  pack: MpakPack,
  endRows: () => { key: string; value: unknown }[],
): Promise<ApplyTally | null> {
  const tally: ApplyTally = { applied: 0, stale: 0, failed: 0, skipped: 0 };
  const page: SeededBody[] = [];
  // most of a vault's snapshots were signed by one device: it is tried first
  let lastSigner: string | null = null;
  const commit = async (rows: { key: string; value: unknown }[]) => {
    const t = performance.now();
    await deps.store.commit(page, rows);
    deps.timings.store += performance.now() - t;
    for (const b of page) if (b.mark.revision !== null) deps.session.set(b.docId, b.mark.revision);
    page.length = 0;
  };
  // Entries go in chunks of 100: the checks that run here one by one (watermark, digest,
  // decrypt), then the chunk's signatures verified together (WebCrypto works off the main
  // thread), then the ones that passed are seeded in entry order.
  for (let at = 0; at < pack.entries.length; at += PACK_APPLY_PAGE_ENTRIES) {
    if (deps.stopped()) return null;
    const ready: { entry: MpakIndexEntry; meta: PackSnapshotMeta; sealed: Uint8Array; state: Uint8Array }[] =
      [];
    const taken = new Map<string, BodyMark>();
    const chunk: { entry: MpakIndexEntry; meta: PackSnapshotMeta }[] = [];
    for (const entry of pack.entries.slice(at, at + PACK_APPLY_PAGE_ENTRIES)) {
      if (entry.kind !== MPAK_KIND.crdt_snapshot) {
        tally.skipped++;
        continue;
      }
      const meta = parseMeta(entry.meta);
      if (meta) chunk.push({ entry, meta });
      else tally.failed++;
    }
    // the chunk's local watermarks in one read (nothing writes them until the chunk is seeded)
    const marks = await deps.bodies.marksOf(chunk.map((c) => c.entry.id));
    for (const { entry, meta } of chunk) {
      const mark = marks.get(entry.id);
      const seeded = taken.get(entry.id) ?? page.find((b) => b.docId === entry.id)?.mark;
      const top = Math.max(mark?.appliedSeq ?? -1, seeded?.appliedSeq ?? -1);
      if (mark?.revision === meta.revision || seeded?.revision === meta.revision || top >= meta.sequenceNum) {
        tally.stale++;
        continue;
      }
      let t = performance.now();
      const sealed = await readMpakEntry(source, entry);
      deps.timings.verify += performance.now() - t;
      if (!sealed.ok) {
        tally.failed++;
        continue;
      }
      t = performance.now();
      const state = openSealedBody(deps.keyring, entry.id, sealed.value);
      deps.timings.decrypt += performance.now() - t;
      if (!state) {
        tally.failed++;
        continue;
      }
      taken.set(entry.id, { appliedSeq: meta.sequenceNum, revision: meta.revision });
      ready.push({ entry, meta, sealed: sealed.value, state });
    }
    const t = performance.now();
    const first: string | null = lastSigner;
    const signers: (string | null)[] = await Promise.all(
      ready.map((r) => signerOf(deps, r.entry, r.sealed.length, r.meta.signature, first)),
    );
    deps.timings.verify += performance.now() - t;
    for (const [i, r] of ready.entries()) {
      const signer: string | null = signers[i] ?? null;
      if (!signer) {
        tally.failed++;
        continue;
      }
      lastSigner = signer;
      page.push({
        docId: r.entry.id,
        state: r.state,
        mark: { appliedSeq: r.meta.sequenceNum, revision: r.meta.revision },
      });
      tally.applied++;
      if (page.length >= PACK_APPLY_PAGE_ENTRIES) await commit([]);
    }
  }
  await commit(endRows());
  return tally;
}

function parseMeta(text: string): PackSnapshotMeta | null {
  try {
    const parsed = v.safeParse(PackSnapshotMeta, JSON.parse(text));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** The registered device whose key verifies the snapshot's signature (spec 5.3), or null. */
async function signerOf(
  deps: ApplyDeps,
  entry: MpakIndexEntry,
  sizeBytes: number,
  signature: string,
  first: string | null,
): Promise<string | null> {
  const sig = fromBase64(signature);
  if (!sig) return null;
  const noteId = entry.id;
  // the entry's bytes passed their index digest (readMpakEntry): that digest IS their content hash
  const contentHash = bytesToHex(entry.sha256);
  const ids = [...deps.keys.keys()];
  if (first !== null && deps.keys.has(first)) ids.unshift(first);
  const tried = new Set<string>();
  for (const deviceId of ids) {
    if (tried.has(deviceId)) continue;
    tried.add(deviceId);
    const key = deps.keys.get(deviceId) as Uint8Array;
    const fields = { vaultId: deps.keyring.vaultId, noteId, deviceId, contentHash, sizeBytes };
    if (await verifySnapshotSignature(key, fields, sig)) return deviceId;
  }
  return null;
}
