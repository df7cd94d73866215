import type { ChangesResponse, NoteBodyRef } from '../../protocol/changes';
import type { CrdtUpdatesResponse } from '../../protocol/crdt';
import { CHANGES_PAGE_REFS, CHANGES_PAGE_REFS_WITH_BODIES, PULL_SLICE_IDS } from '../../protocol/limits';
import type { ItemRef, PullItem, PullResponse } from '../../protocol/pull';
import type { SyncError, SyncResult } from '../http/syncError';
import { type BodyMark, type IncomingRecord, type ItemKey, itemKey } from '../ports';
import { applyFetched } from './applyFetched';
import { prefetchBaselines } from './baselinePrefetch';
import { LAST_CURSOR, repairCursor, repairDone } from './cursorRepair';
import { PULL_DELIVERED } from './freshDevice';
import { bookBlobMissing, bookOpened } from './ledgerOutcome';
import { type Ledgers, loadLedgers, saveLedgers } from './ledgers';
import { mergeBaseline } from './mergeBaseline';
import { openBodyUpdate } from './openBodyUpdate';
import { openPullItem } from './openPullItem';
import { type PageTimings, type PullDeps, type PullRun, withKeyCheck } from './pullDeps';
import { purgedDeletes } from './purgedTombstones';
import {
  judgePage,
  KEY_MISMATCH_MET,
  type PageTally,
  REFUSED_PAGE,
  type RefusedPage,
  refusalOf,
} from './refusedPage';
import { retryLedgered } from './retryLedgered';

export { LAST_CURSOR } from './cursorRepair';
export { CORRUPT_ITEMS, DECLINED_SYNC_REFS, QUARANTINE, SCHEMA_INVALID_ITEMS } from './ledgers';
export type { PullDeps } from './pullDeps';

/**
 * `changed`: rows that changed in slices that COMMITTED, also when the run stopped later (their
 * ITEM_SYNCED events are owed all the same, spec 6.2).
 */
export type PullRunResult =
  /** `fromZero`: the run read the whole feed from cursor 0 (a first sync, or the cursor repair) */
  | { kind: 'done'; changed: ItemKey[]; cursor: number; fromZero: boolean }
  | { kind: 'stopped'; error: SyncError; changed: ItemKey[] };

/** Per run: whether it started from cursor 0 (purged tombstones never apply then, 4.3.7). */
interface RunContext {
  ledgers: Ledgers;
  fromZero: boolean;
  /** the page refused last (refusedPage.ts), until the cursor moves */
  refused: RefusedPage | undefined;
  /** set while records-pack pages apply: their time by stage */
  timings?: PageTimings | undefined;
}

/**
 * Pulls the changes feed from `LAST_CURSOR` until it is exhausted (spec 4.3). Each page: its ids
 * fetched in slices of at most 100, verified, opened and applied one slice per local transaction;
 * then its note-body entries merged into the CRDT store; then, and only then, `LAST_CURSOR` moves
 * to the page's `nextCursor`. Any failure returns before the cursor moves, so the page is pulled
 * again next time (applying is idempotent). Items failing signature or decryption are quarantined,
 * damaged ones go to the corrupt-item tracker, unreadable ones to the schema-invalid ledger; none
 * stops the cursor (spec 3.8, 8.3), unless the page is refused: all its items failed crypto, or
 * this device's vault key is not the account's (refusedPage.ts). Once the
 * feed is exhausted, the ledgered items that are due are fetched again by id (retryLedgered.ts).
 */
export async function pullChanges(pullDeps: PullDeps): Promise<PullRunResult> {
  // this device's vault key against the account's record: asked at most once a run
  const deps = withKeyCheck(pullDeps);
  let cursor = await repairCursor(deps.state);
  const changed: ItemKey[] = [];
  const ledgers = await loadLedgers(deps.state);
  const run: RunContext = {
    ledgers,
    fromZero: cursor === 0,
    refused: await deps.state.get<RefusedPage>(REFUSED_PAGE),
  };
  const stop = (error: SyncError): PullRunResult => ({ kind: 'stopped', error, changed });
  // A page shorter than the service's page size was the end of the feed when it was read: asking
  // again would only answer an empty page. Every cycle's pull thus costs one request of the
  // account-wide `sync_changes` bucket (60 a minute shared by all devices), not two.
  const pageSize = deps.types.includes('note_body') ? CHANGES_PAGE_REFS_WITH_BODIES : CHANGES_PAGE_REFS;
  // spec 4 (changes row): `inline=1` on the first page of a pull outside a full sync. Cairn's full
  // sync is a pull from cursor 0 (a fresh device, the cursor repair): its pages are long and
  // mostly bodies. Any other pull usually finds a short page whose rows the service inlines, so
  // it applies them without a `POST /sync/pull` round trip (docs/sync-client.md, "Inline").
  let inlineAsked = !run.fromZero;
  // A fresh device's first pull: the feed packs first (records packs, docs/packs.md), each one a
  // page of the feed applied exactly as a page read from the service; the feed goes on from the
  // last pack applied. A pack that is not the next link of the chain, or that fails, ends them.
  if (run.fromZero && deps.recordPacks) {
    run.timings = deps.recordPacks.timings;
    for await (const page of deps.recordPacks.pages(cursor)) {
      if (deps.stopped()) break;
      const applied = await applyPage(deps, run, changed, cursor, page);
      if (applied) return stop(applied);
      cursor = Math.max(cursor, page.nextCursor);
      await deps.state.set(LAST_CURSOR, cursor);
    }
    run.timings = undefined;
  }
  for (;;) {
    if (deps.stopped()) break;
    const inlineQuery = inlineAsked ? '&inline=1' : '';
    inlineAsked = false;
    const page = await deps.call<ChangesResponse>('GET', `/sync/changes?cursor=${cursor}${inlineQuery}`, {
      vaultId: deps.keyring.vaultId,
      types: deps.types,
    });
    if (!page.ok) return stop(page.error);
    const { refs, noteBodies = [], nextCursor } = page.value;
    const applied = await applyPage(deps, run, changed, cursor, page.value);
    if (applied) return stop(applied);
    if (nextCursor <= cursor && refs.length === 0 && noteBodies.length === 0) break;
    cursor = Math.max(cursor, nextCursor);
    await deps.state.set(LAST_CURSOR, cursor);
    if (refs.length + noteBodies.length < pageSize) break;
  }
  if (!deps.stopped()) {
    await repairDone(deps.state);
    // this binding's device is no longer fresh (freshDevice.ts), whatever cursor the feed gave
    if ((await deps.state.get<boolean>(PULL_DELIVERED)) !== true) await deps.state.set(PULL_DELIVERED, true);
    // a mismatch met by the retry's fetch books nothing: the entries wait for the right key
    const retried = await retryLedgered(deps, ledgers);
    if (!retried.ok) return stop(await refusalOf(deps, retried.error, { cursor, prior: run.refused }));
    changed.push(...retried.changed);
    await saveLedgers(deps.state, ledgers);
  }
  return { kind: 'done', changed, cursor, fromZero: run.fromZero };
}

/**
 * One page of the feed (read from the service, or from a records pack): its ids fetched in slices
 * and applied, the refusal judged, its note-body entries merged, the ledgers saved. Answers the
 * error that stops the run (the cursor then holds), or null: the caller moves the cursor.
 */
async function applyPage(
  deps: PullRun,
  run: RunContext,
  changed: ItemKey[],
  cursor: number,
  page: ChangesResponse,
): Promise<SyncError | null> {
  const { refs, noteBodies = [] } = page;
  // this device's own pushed versions are not fetched back: applying them changes nothing
  const foreign = refs.filter((r) => !deps.own?.isOwn(r));
  // the rows the service inlined (a server without the field inlines none): not fetched again
  const inline = inlineItemsOf(page, foreign);
  const inlined = new Set(inline.map(itemKey));
  const live = dedupe(
    foreign.filter((r) => !inlined.has(itemKey(r))).map((r) => ({ type: r.type, id: r.id })),
  );
  const slices: ItemRef[][] = [];
  for (let i = 0; i < live.length; i += PULL_SLICE_IDS) slices.push(live.slice(i, i + PULL_SLICE_IDS));
  const applied = await pullSlices(deps, slices, run, changed, inline);
  if (!applied.ok) return refusalOf(deps, applied.error, { cursor, prior: run.refused });
  // before the page's bodies: a refused page merges nothing of them either
  const refused = await judgePage(deps, deps.keyCheck, {
    cursor,
    tally: applied.tally,
    prior: run.refused,
  });
  if (refused) return refused;
  // the refused page was read again and passed (applied, or released by the bound)
  if (run.refused && cursor >= run.refused.cursor) {
    run.refused = undefined;
    await deps.state.set(REFUSED_PAGE, undefined);
  }
  const t = performance.now();
  const bodies = await applyBodies(deps, noteBodies, run.ledgers);
  if (run.timings) run.timings.bodies += performance.now() - t;
  if (bodies) return bodies;
  await saveLedgers(deps.state, run.ledgers);
  return null;
}

/** Slice requests in flight at once (spec 4.3.2, `PULL_SLICE_FETCH_WINDOW`). */
export const PULL_SLICE_FETCH_WINDOW = 2;

/**
 * A page's slices: up to two `POST /sync/pull` requests in flight, each slice applied in page
 * order in its own local transaction as soon as it and every slice before it arrived. A failed
 * slice stops the page (the requests already sent are awaited, nothing after it is applied).
 * Answers what the page's items gave, for the refusal's verdict (refusedPage.ts).
 */
async function pullSlices(
  deps: PullRun,
  slices: ItemRef[][],
  run: RunContext,
  changed: ItemKey[],
  inline: PullItem[] = [],
): Promise<{ ok: true; tally: PageTally } | { ok: false; error: SyncError }> {
  const tally: PageTally = { items: 0, cryptoFailed: 0 };
  if (inline.length > 0) {
    // the page's inlined items: verified, opened and applied exactly as a fetched slice, first
    const asked = inline.map((i) => ({ type: i.type, id: i.id }));
    const applied = await applySlice(
      deps,
      asked,
      { items: inline, purgedTombstones: [], blobMissing: [] },
      run,
      tally,
    );
    if (!applied.ok) return applied;
    changed.push(...applied.changed);
  }
  const inFlight: Promise<SyncResult<PullResponse>>[] = [];
  let sent = 0;
  const send = () => {
    if (sent < slices.length) inFlight.push(fetchSlice(deps, slices[sent++]!));
  };
  for (let k = 0; k < PULL_SLICE_FETCH_WINDOW; k++) send();
  for (let i = 0; i < slices.length; i++) {
    const res = await inFlight[i]!;
    send();
    const applied = res.ok ? await applySlice(deps, slices[i]!, res.value, run, tally) : res;
    if (!applied.ok) {
      await Promise.allSettled(inFlight.slice(i + 1));
      return applied;
    }
    changed.push(...applied.changed);
  }
  return { ok: true, tally };
}

/**
 * The page's inline items the pull may use: one per listed (type, id) whose listing this device
 * does not own, and only when it is the version listed (its cursor is the ref's, or the service
 * sent no cursor on it). Anything else is fetched by id as before.
 */
function inlineItemsOf(page: ChangesResponse, refs: ChangesResponse['refs']): PullItem[] {
  if (!Array.isArray(page.inline) || page.inline.length === 0) return [];
  const listed = new Map(refs.map((r) => [itemKey(r), r.serverCursor]));
  const seen = new Set<string>();
  return page.inline.filter((item) => {
    const key = itemKey(item);
    const at = listed.get(key);
    if (at === undefined || seen.has(key)) return false;
    if (item.serverCursor !== null && item.serverCursor !== at) return false;
    seen.add(key);
    return true;
  });
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

/**
 * One slice: verified and opened; applicable purged tombstones (4.3.7) become deletes; applied in
 * one transaction with orphans held (4.3.6), whose parents are then re-fetched by id. An envelope
 * that does not open has this device's vault key checked first: a key the account's record does
 * not name refuses the page before this slice commits anything (`KEY_MISMATCH_MET`; its orphans' parents, fetched by id, follow the same rule).
 */
async function applySlice(
  deps: PullRun,
  asked: ItemRef[],
  response: PullResponse,
  run: RunContext,
  tally: PageTally,
): Promise<{ ok: true; changed: ItemKey[] } | { ok: false; error: SyncError }> {
  const { ledgers } = run;
  if (!Array.isArray(response.items)) {
    return {
      ok: false,
      error: { code: 'CONTRACT_REGRESSION', message: 'pull answered no items list', status: 200 },
    };
  }
  const ready: IncomingRecord[] = [];
  let sealedElsewhere = false;
  // every item's signature checked together (WebCrypto verifies off the main thread), then each
  // outcome booked in the slice's order
  const t = performance.now();
  const openedAll = await Promise.all(
    response.items.map((item) => openPullItem(deps.keyring, deps.keys, item)),
  );
  if (run.timings) run.timings.open += performance.now() - t;
  for (const [i, item] of response.items.entries()) {
    const opened = openedAll[i] as Awaited<ReturnType<typeof openPullItem>>;
    if (opened.kind === 'error') return { ok: false, error: opened.error };
    // in memory until the page is saved: a refused page's bookings are never written
    bookOpened(ledgers, itemKey(item), opened, deps.now(), deps.appVersion);
    if (opened.kind === 'ok') ready.push(opened.record);
    tally.items++;
    if (opened.kind === 'quarantine') tally.cryptoFailed++;
    if (opened.kind === 'quarantine' && opened.cause === 'envelope') sealedElsewhere = true;
  }
  if (sealedElsewhere) {
    const key = await deps.keyCheck();
    if (!key.ok) return key;
    if (key.value === 'mismatch') return { ok: false, error: KEY_MISMATCH_MET };
  }
  for (const missing of response.blobMissing ?? []) {
    bookBlobMissing(ledgers, itemKey(missing), deps.now(), deps.appVersion);
  }
  const purged = response.purgedTombstones ?? [];
  if (purged.length > 0) {
    const facts = await deps.records.localFacts(purged);
    const deletes = await purgedDeletes(
      deps.keys,
      purged,
      { asked: new Set(asked.map(itemKey)), types: deps.types, fromZero: run.fromZero },
      facts,
    );
    if (!deletes.ok) return deletes;
    ready.push(...deletes.value);
  }
  const stored = performance.now();
  const applied = await applyFetched(deps, ready, ledgers);
  if (run.timings) run.timings.store += performance.now() - stored;
  return applied;
}

/**
 * Note-body entries in feed order: an update is merged with the mark moving to its sequence; a
 * snapshot is merged through its baseline GET unless this device already holds that revision.
 * An update pruned since the page was listed is covered by a later snapshot entry of the feed.
 */
async function applyBodies(deps: PullDeps, refs: NoteBodyRef[], ledgers: Ledgers): Promise<SyncError | null> {
  // the snapshot entries whose revision this device has not merged: their GETs go out ahead
  // the page's marks in one read: nothing of this page has merged yet
  const snapshots = refs.flatMap((r) => (r.kind === 'snapshot' ? [r.noteId] : []));
  const marks = snapshots.length > 0 ? await deps.bodies.marksOf(snapshots) : new Map<string, BodyMark>();
  const wanted = refs.map((ref) =>
    ref.kind === 'snapshot' && marks.get(ref.noteId)?.revision !== ref.revision ? ref.noteId : null,
  );
  const baselines = prefetchBaselines(deps, wanted);
  const error = await mergeBodies(deps, refs, wanted, baselines, ledgers);
  await baselines.settle();
  return error;
}

async function mergeBodies(
  deps: PullDeps,
  refs: NoteBodyRef[],
  wanted: (string | null)[],
  baselines: ReturnType<typeof prefetchBaselines>,
  ledgers: Ledgers,
): Promise<SyncError | null> {
  for (const [i, ref] of refs.entries()) {
    if (ref.kind === 'snapshot') {
      if (wanted[i] === null) continue;
      // an earlier entry of this page may have merged this revision: mergeBaseline then merges nothing
      const merged = await mergeBaseline(deps, ref.noteId, baselines.take(i));
      if (!merged.ok) return merged.error;
      if (merged.value.kind === 'refused') {
        // plainly, no attempts: a body entry is never fetched again by id, so it never turns
        // permanent; it is forgotten after 7 days (retryLedgered) and the sweep re-reads the body
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
