import type { VaultKeyring } from '../../crypto';
import type { ChangesResponse, NoteBodyRef } from '../../protocol/changes';
import type { CrdtUpdatesResponse } from '../../protocol/crdt';
import { PULL_SLICE_IDS } from '../../protocol/limits';
import type { ItemRef, PullResponse } from '../../protocol/pull';
import type { SyncError, SyncResult } from '../http/syncError';
import type { SyncCall } from '../http/syncHttp';
import type { BodyPort, IncomingRecord, RecordPort, StatePort } from '../ports';
import { LAST_CURSOR, repairCursor, repairDone } from './cursorRepair';
import type { KeyDirectory } from './keyDirectory';
import { mergeBaseline } from './mergeBaseline';
import { openBodyUpdate } from './openBodyUpdate';
import { openPullItem } from './openPullItem';

export { LAST_CURSOR } from './cursorRepair';
export const QUARANTINE = 'quarantine';
export const SCHEMA_INVALID_ITEMS = 'schemaInvalidItems';

export interface PullDeps {
  call: SyncCall;
  keyring: VaultKeyring;
  keys: KeyDirectory;
  records: RecordPort;
  bodies: BodyPort;
  state: StatePort;
  /** record types plus the `note_body` token */
  types: readonly string[];
  now: () => number;
  stopped: () => boolean;
}

export type PullRunResult =
  | { kind: 'done'; changed: { type: string; id: string }[]; cursor: number }
  | { kind: 'stopped'; error: SyncError };

interface Ledgers {
  quarantine: Record<string, { reason: string; at: number }>;
  schemaInvalid: Record<string, { reason: string; at: number }>;
}

/**
 * Pulls the changes feed from `LAST_CURSOR` until it is exhausted (spec 4.3). Each page: its ids
 * fetched in slices of at most 100, verified, opened and applied one slice per local transaction;
 * then its note-body entries merged into the CRDT store; then, and only then, `LAST_CURSOR` moves
 * to the page's `nextCursor`. Any failure returns before the cursor moves, so the page is pulled
 * again next time (applying is idempotent). Items failing signature or decryption are quarantined,
 * unreadable ones go to the schema-invalid ledger; neither stops the cursor (spec 3.8).
 */
export async function pullChanges(deps: PullDeps): Promise<PullRunResult> {
  let cursor = await repairCursor(deps.state);
  const changed: { type: string; id: string }[] = [];
  const ledgers: Ledgers = {
    quarantine: unexpired((await deps.state.get<Ledgers['quarantine']>(QUARANTINE)) ?? {}, deps.now()),
    schemaInvalid: (await deps.state.get<Ledgers['schemaInvalid']>(SCHEMA_INVALID_ITEMS)) ?? {},
  };
  for (;;) {
    if (deps.stopped()) break;
    const page = await deps.call<ChangesResponse>('GET', `/sync/changes?cursor=${cursor}`, {
      vaultId: deps.keyring.vaultId,
      types: deps.types,
    });
    if (!page.ok) return { kind: 'stopped', error: page.error };
    const { refs, noteBodies = [], nextCursor } = page.value;
    const live = dedupe(refs.map((r) => ({ type: r.type, id: r.id })));
    const slices: ItemRef[][] = [];
    for (let i = 0; i < live.length; i += PULL_SLICE_IDS) slices.push(live.slice(i, i + PULL_SLICE_IDS));
    const applied = await pullSlices(deps, slices, ledgers);
    if (!applied.ok) return { kind: 'stopped', error: applied.error };
    changed.push(...applied.changed);
    const bodies = await applyBodies(deps, noteBodies, ledgers);
    if (bodies) return { kind: 'stopped', error: bodies };
    await deps.state.set(QUARANTINE, ledgers.quarantine);
    await deps.state.set(SCHEMA_INVALID_ITEMS, ledgers.schemaInvalid);
    if (nextCursor <= cursor && refs.length === 0 && noteBodies.length === 0) break;
    cursor = Math.max(cursor, nextCursor);
    await deps.state.set(LAST_CURSOR, cursor);
    if (refs.length === 0 && noteBodies.length === 0) break;
  }
  if (!deps.stopped()) await repairDone(deps.state);
  return { kind: 'done', changed, cursor };
}

/** Slice requests in flight at once (spec 4.3.2, `PULL_SLICE_FETCH_WINDOW`). */
export const PULL_SLICE_FETCH_WINDOW = 2;

/**
 * A page's slices: up to two `POST /sync/pull` requests in flight, each slice applied in page
 * order in its own local transaction as soon as it and every slice before it arrived. A failed
 * slice stops the page (the requests already sent are awaited, nothing after it is applied).
 */
async function pullSlices(
  deps: PullDeps,
  slices: ItemRef[][],
  ledgers: Ledgers,
): Promise<{ ok: true; changed: { type: string; id: string }[] } | { ok: false; error: SyncError }> {
  const changed: { type: string; id: string }[] = [];
  const inFlight: Promise<SyncResult<PullResponse>>[] = [];
  let sent = 0;
  const send = () => {
    if (sent < slices.length) inFlight.push(fetchSlice(deps, slices[sent++]!));
  };
  for (let k = 0; k < PULL_SLICE_FETCH_WINDOW; k++) send();
  for (let i = 0; i < slices.length; i++) {
    const res = await inFlight[i]!;
    send();
    const applied = res.ok ? await applySlice(deps, res.value, ledgers) : res;
    if (!applied.ok) {
      await Promise.allSettled(inFlight.slice(i + 1));
      return applied;
    }
    changed.push(...applied.changed);
  }
  return { ok: true, changed };
}

/** Quarantine entries expire after 7 days (spec 3.8, 8.3); the item is then tried again. */
export const QUARANTINE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

function unexpired(entries: Ledgers['quarantine'], now: number): Ledgers['quarantine'] {
  return Object.fromEntries(Object.entries(entries).filter(([, e]) => now - e.at < QUARANTINE_TTL_MS));
}

function dedupe(refs: { type: string; id: string }[]) {
  const seen = new Map<string, { type: string; id: string }>();
  for (const r of refs) seen.set(`${r.type}|${r.id}`, r);
  return [...seen.values()];
}

function fetchSlice(deps: PullDeps, slice: ItemRef[]): Promise<SyncResult<PullResponse>> {
  return deps.call<PullResponse>('POST', '/sync/pull', {
    body: { items: slice },
    vaultId: deps.keyring.vaultId,
    types: deps.types,
  });
}

async function applySlice(
  deps: PullDeps,
  response: PullResponse,
  ledgers: Ledgers,
): Promise<{ ok: true; changed: { type: string; id: string }[] } | { ok: false; error: SyncError }> {
  if (!Array.isArray(response.items)) {
    return {
      ok: false,
      error: { code: 'CONTRACT_REGRESSION', message: 'pull answered no items list', status: 200 },
    };
  }
  const ready: IncomingRecord[] = [];
  for (const item of response.items) {
    const opened = await openPullItem(deps.keyring, deps.keys, item);
    const key = `${item.type}|${item.id}`;
    if (opened.kind === 'error') return { ok: false, error: opened.error };
    if (opened.kind === 'quarantine') ledgers.quarantine[key] = { reason: opened.reason, at: deps.now() };
    else if (opened.kind === 'schema_invalid')
      ledgers.schemaInvalid[key] = { reason: opened.reason, at: deps.now() };
    else {
      delete ledgers.quarantine[key];
      delete ledgers.schemaInvalid[key];
      ready.push(opened.record);
    }
  }
  for (const missing of response.blobMissing ?? []) {
    ledgers.schemaInvalid[`${missing.type}|${missing.id}`] = { reason: 'blobMissing', at: deps.now() };
  }
  return { ok: true, changed: ready.length > 0 ? await deps.records.apply(ready) : [] };
}

/**
 * Note-body entries in feed order: an update is merged with the mark moving to its sequence; a
 * snapshot is merged through its baseline GET unless this device already holds that revision.
 * An update pruned since the page was listed is covered by a later snapshot entry of the feed.
 */
async function applyBodies(deps: PullDeps, refs: NoteBodyRef[], ledgers: Ledgers): Promise<SyncError | null> {
  for (const ref of refs) {
    if (ref.kind === 'snapshot') {
      if ((await deps.bodies.markOf(ref.noteId))?.revision === ref.revision) continue;
      const merged = await mergeBaseline(deps, ref.noteId);
      if (!merged.ok) return merged.error;
      if (merged.value.kind === 'refused') {
        ledgers.quarantine[`note_body|${ref.noteId}|snapshot`] = {
          reason: merged.value.reason,
          at: deps.now(),
        };
      }
      continue;
    }
    let data = ref.data;
    if (data === undefined) {
      const q = `/sync/crdt/updates?note_id=${encodeURIComponent(ref.noteId)}&since=${ref.sequenceNum - 1}&limit=1`;
      const res = await deps.call<CrdtUpdatesResponse>('GET', q, { vaultId: deps.keyring.vaultId });
      if (!res.ok) return res.error;
      data = res.value.updates.find((u) => u.sequenceNum === ref.sequenceNum)?.data;
      if (data === undefined) continue; // pruned by a later snapshot: nothing left to apply
    }
    const update = openBodyUpdate(deps.keyring, ref.noteId, data);
    if (!update) {
      ledgers.quarantine[`note_body|${ref.noteId}|${ref.sequenceNum}`] = {
        reason: 'body update does not open',
        at: deps.now(),
      };
      continue;
    }
    await deps.bodies.applyRemote(ref.noteId, update, { appliedSeq: ref.sequenceNum, revision: null });
  }
  return null;
}
