import { fromBase64, verifyDeleteAttestation } from '../../crypto';
import type { PurgedTombstone } from '../../protocol/pull';
import type { SyncResult } from '../http/syncError';
import { type IncomingRecord, itemKey, type LocalFacts } from '../ports';
import type { KeyDirectory } from './keyDirectory';

export interface PurgedContext {
  /** `type|id` of the ids this request asked for */
  asked: ReadonlySet<string>;
  /** the record types this build syncs: each carries a required clock */
  types: readonly string[];
  /** this pull run started from cursor 0 */
  fromZero: boolean;
  /** the live local row's facts; undefined when there is no live local row */
  local: LocalFacts | undefined;
  /** the attestation verified under the signer's key over the entry's own type, id, clock, deletedAt */
  attested: boolean;
}

/**
 * Whether a purged tombstone (no payload, no record signature: only its clock, time, signer and
 * delete attestation) may delete the local row (spec 4.3.7). Every condition must hold, and none
 * of the exclusions. Cairn's clocks name INSTALL ids, which the service's key directory does not
 * list; "the clock names an unknown device" is read as: the tombstone's clock names more than one
 * device the local row's clock does not (one new device is the deleter's own tick). A local row
 * whose clock is strictly after the tombstone is kept by the apply rule (`deleteApplies`).
 */
export function purgedApplies(entry: PurgedTombstone, ctx: PurgedContext): { apply: boolean; why: string } {
  const no = (why: string) => ({ apply: false, why });
  if (!ctx.asked.has(itemKey(entry))) return no('not asked for');
  if (!ctx.types.includes(entry.type)) return no('type has no required clock here');
  if (!entry.clock || Object.keys(entry.clock).length === 0) return no('entry has no clock');
  if (!ctx.attested) return no('attestation does not verify');
  if (ctx.fromZero) return no('pull started from cursor 0');
  const local = ctx.local;
  if (local) {
    if (local.clock === null || Object.keys(local.clock).length === 0) return no('local row has no clock');
    if (local.queued) return no('re-created or restored, still queued');
    if (local.modifiedAt !== null && local.modifiedAt > entry.deletedAt)
      return no('touched after the delete');
    const known = local.clock;
    const unknown = Object.keys(entry.clock).filter((d) => known[d] === undefined);
    if (unknown.length > 1) return no('clock names an unknown device');
  }
  return { apply: true, why: '' };
}

/** Verifies an entry's delete attestation; an error when the signer's key cannot be fetched (the page fails). */
export async function attestationVerifies(
  keys: KeyDirectory,
  entry: PurgedTombstone,
): Promise<SyncResult<boolean>> {
  const key = await keys.keyOf(entry.signerDeviceId);
  if (!key.ok) return key;
  const sig = entry.deleteAttestation ? fromBase64(entry.deleteAttestation) : null;
  if (key.value === null || sig === null) return { ok: true, value: false };
  const verified = await verifyDeleteAttestation(
    key.value,
    { purpose: 'delete', id: entry.id, type: entry.type, deletedAt: entry.deletedAt, clock: entry.clock },
    sig,
  );
  return { ok: true, value: verified };
}

/** The applicable purged tombstones as deletes to apply (their payload is the spec's tombstone shape). */
export async function purgedDeletes(
  keys: KeyDirectory,
  entries: readonly PurgedTombstone[],
  ctx: Omit<PurgedContext, 'local' | 'attested'>,
  facts: Map<string, LocalFacts>,
): Promise<SyncResult<IncomingRecord[]>> {
  const out: IncomingRecord[] = [];
  for (const entry of entries) {
    const attested = await attestationVerifies(keys, entry);
    if (!attested.ok) return attested;
    const rule = purgedApplies(entry, { ...ctx, local: facts.get(itemKey(entry)), attested: attested.value });
    if (!rule.apply) continue;
    const at = new Date(entry.deletedAt).toISOString();
    out.push({
      type: entry.type,
      id: entry.id,
      clock: entry.clock,
      deletedAt: entry.deletedAt,
      payload: { clock: entry.clock, createdAt: at, modifiedAt: at },
    });
  }
  return { ok: true, value: out };
}
