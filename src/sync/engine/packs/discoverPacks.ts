import * as v from 'valibot';
import {
  MAX_PACK_LIST_PAGES,
  PACK_LIST_PAGE_LIMIT,
  PRESIGN_EXPIRY_SAFETY_SECONDS,
} from '../../protocol/limits';
import {
  PACK_KIND_CRDT_SNAPSHOT,
  PACK_KIND_RECORDS,
  type PackListEntry,
  PackListResponse,
} from '../../protocol/packs';
import type { SyncCall } from '../http/syncHttp';

export interface Discovered {
  /** every `crdt_snapshot` pack listed above the applied cursor, newest first (usable or not) */
  listed: PackListEntry[];
  /** the ones to transfer: a `url`, and an `expiresAt` more than 30 s away */
  usable: PackListEntry[];
  /** 20 pages ended with a page still pending: the applied cursor is not recorded (3.7) */
  truncated: boolean;
  /**
   * the `records` packs listed with a `url` and an `expiresAt` more than 30 s away, in listing
   * order (docs/packs.md "Record packs"); a kind this build does not know is skipped
   */
  records: PackListEntry[];
}

/** The kinds this build reads: the service lists no other (a service that predates `kinds=` lists its snapshots). */
const KINDS = `${PACK_KIND_CRDT_SNAPSHOT},${PACK_KIND_RECORDS}`;

/**
 * Spec 3.7 step 1: `GET /sync/packs` newest first, 50 a page, at most 20 pages. Snapshot packs at
 * or below `appliedThrough` are dropped (newest first: every one after the first such one). The
 * walk goes on to the last page: the chain of `records` packs starts at the oldest.
 * Null: the listing failed (a 404 from an older server, any non-2xx, a body that is not a
 * listing): the whole run uses the item path (spec 7, 9.8).
 */
export async function discoverPacks(
  call: SyncCall,
  vaultId: string,
  appliedThrough: number,
  nowMs: number,
): Promise<Discovered | null> {
  const listed: PackListEntry[] = [];
  const records: PackListEntry[] = [];
  let cursor: number | null = null;
  let below = false;
  for (let page = 0; page < MAX_PACK_LIST_PAGES; page++) {
    const query: string = cursor === null ? '' : `&cursor=${cursor}`;
    const res = await call<unknown>(
      'GET',
      `/sync/packs?limit=${PACK_LIST_PAGE_LIMIT}&kinds=${KINDS}${query}`,
      { vaultId },
    );
    if (!res.ok) return null;
    const parsed = v.safeParse(PackListResponse, res.value);
    if (!parsed.success) return null;
    for (const pack of parsed.output.packs) {
      if (pack.kind === PACK_KIND_RECORDS) records.push(pack);
      else if (pack.kind === PACK_KIND_CRDT_SNAPSHOT && !below) {
        if (pack.maxCursor <= appliedThrough) below = true;
        else listed.push(pack);
      }
    }
    cursor = parsed.output.nextCursor;
    if (cursor === null) return done(listed, records, false, nowMs);
  }
  return done(listed, records, true, nowMs);
}

function done(
  listed: PackListEntry[],
  records: PackListEntry[],
  truncated: boolean,
  nowMs: number,
): Discovered {
  const fresh = (p: PackListEntry) =>
    p.url !== undefined && (p.expiresAt ?? 0) > nowMs + PRESIGN_EXPIRY_SAFETY_SECONDS * 1000;
  return { listed, usable: listed.filter(fresh), truncated, records: records.filter(fresh) };
}
