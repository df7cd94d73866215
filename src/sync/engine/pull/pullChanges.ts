import type { VaultKeyring } from '../../crypto';
import type { ChangesResponse, NoteBodyRef } from '../../protocol/changes';
import type { CrdtUpdatesResponse } from '../../protocol/crdt';
import { PULL_SLICE_IDS } from '../../protocol/limits';
import type { PullResponse } from '../../protocol/pull';
import type { SyncError } from '../http/syncError';
import type { SyncCall } from '../http/syncHttp';
import type { BodyPort, IncomingRecord, RecordPort, StatePort } from '../ports';
import type { KeyDirectory } from './keyDirectory';
import { mergeBaseline } from './mergeBaseline';
import { openBodyUpdate } from './openBodyUpdate';
import { openPullItem } from './openPullItem';

export const LAST_CURSOR = 'LAST_CURSOR';
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
  let cursor = (await deps.state.get<number>(LAST_CURSOR)) ?? 0;
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
    for (let i = 0; i < live.length; i += PULL_SLICE_IDS) {
      const applied = await pullSlice(deps, live.slice(i, i + PULL_SLICE_IDS), ledgers);
      if (!applied.ok) return { kind: 'stopped', error: applied.error };
      changed.push(...applied.changed);
    }
    const bodies = await applyBodies(deps, noteBodies, ledgers);
    if (bodies) return { kind: 'stopped', error: bodies };
    await deps.state.set(QUARANTINE, ledgers.quarantine);
    await deps.state.set(SCHEMA_INVALID_ITEMS, ledgers.schemaInvalid);
    if (nextCursor <= cursor && refs.length === 0 && noteBodies.length === 0) break;
    cursor = Math.max(cursor, nextCursor);
    await deps.state.set(LAST_CURSOR, cursor);
    if (refs.length === 0 && noteBodies.length === 0) break;
  }
  return { kind: 'done', changed, cursor };
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

async function pullSlice(
  deps: PullDeps,
  slice: { type: string; id: string }[],
  ledgers: Ledgers,
): Promise<{ ok: true; changed: { type: string; id: string }[] } | { ok: false; error: SyncError }> {
  const res = await deps.call<PullResponse>('POST', '/sync/pull', {
    body: { items: slice },
    vaultId: deps.keyring.vaultId,
    types: deps.types,
  });
  if (!res.ok) return res;
  if (!Array.isArray(res.value.items)) {
    return {
      ok: false,
      error: { code: 'CONTRACT_REGRESSION', message: 'pull answered no items list', status: 200 },
    };
  }
  const ready: IncomingRecord[] = [];
  for (const item of res.value.items) {
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
  for (const missing of res.value.blobMissing ?? []) {
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
