import type { NegotiatedTypes } from '../../../src/sync/protocol/item-types';
import type { ItemRef, PullItem, PullResponse, PurgedTombstone } from '../../../src/sync/protocol/pull';
import type { Deps } from '../deps';
import type { Timing } from '../http/timing';
import { type ItemRow, toPullItem, toPurgedTombstone } from './item-row';
import { readRowsByRefs } from './read-rows';

/** Fetches the payloads of rows; a missing object yields null (the caller decides). */
export async function loadPayloads(
  deps: Deps,
  timing: Timing,
  rows: readonly ItemRow[],
): Promise<(Uint8Array | null)[]> {
  const keyed = rows.flatMap((r) => (r.blob_key ? [r.blob_key] : []));
  const bytes = await timing.measure('blobs', () => deps.blobs.getMany(keyed));
  const byKey = new Map(keyed.map((k, i) => [k, bytes[i] ?? null]));
  return rows.map((r) => (r.blob_key ? (byKey.get(r.blob_key) ?? null) : null));
}

/**
 * `POST /sync/pull`: rows by (type, id), restricted to the negotiated record types. A row whose
 * object is missing is skipped: live ones are reported in `blobMissing`. Purged tombstones are
 * listed only for clients that declared `purged_tombstones`.
 */
export async function pullItems(
  deps: Deps,
  ctx: { userId: string; vaultId: string; types: NegotiatedTypes; timing: Timing },
  refs: readonly ItemRef[],
): Promise<PullResponse> {
  const allowed = new Set<string>(ctx.types.types);
  const wanted = refs.filter((r) => allowed.has(r.type));
  const rows =
    wanted.length === 0
      ? new Map<string, ItemRow>()
      : await ctx.timing.measure('d1', () => readRowsByRefs(deps, ctx.userId, ctx.vaultId, wanted));
  const live = [...rows.values()].filter((r) => r.blob_key !== null);
  const payloads = await loadPayloads(deps, ctx.timing, live);
  const items: PullItem[] = [];
  const blobMissing: ItemRef[] = [];
  live.forEach((row, i) => {
    const payload = payloads[i];
    if (payload) items.push(toPullItem(row, payload));
    else if (row.deleted_at === null) blobMissing.push({ type: row.type, id: row.id });
  });
  const res: PullResponse = { items, blobMissing };
  if (ctx.types.purgedTombstones) {
    const purged: PurgedTombstone[] = [...rows.values()]
      .filter((r) => r.blob_key === null && r.purged_at !== null)
      .map(toPurgedTombstone);
    res.purgedTombstones = purged;
  }
  return res;
}
