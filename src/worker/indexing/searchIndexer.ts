import { fail, ok, type Result } from '../../shared/result';
import type { ChangeBatch, ChannelPort } from '../changes/changeFeed';
import type { VaultDb } from '../db/schema';
import type { LeaderElection } from '../leader';
import type { CompactProgress } from '../search/compact';
import { SearchIndex, type SearchStats } from '../search/searchIndex';
import type { SearchStore } from '../search/searchStore';
import { createDexieSearchStore } from './dexieSearchStore';
import { createNoteTexts, loadAllSearchDocs, loadSearchDocs } from './searchDocs';

export interface RebuildProgress {
  phase: 'reading' | CompactProgress['phase'];
  done: number;
  total: number;
}

/** Highest `modified` of the notes the index has taken in (kept beside the index's own keys). */
const WATERMARK = 'cairn:indexedThrough';
/** Highest `updated` of the extracted file texts taken in (src/worker/extract): their own clock. */
const TEXTS_WATERMARK = 'cairn:textsIndexedThrough';
const CATCH_UP_BATCH = 100;

/**
 * Keeps the persistent search index in step with the vault. One writer: only the leader tab
 * updates the index (from every tab's committed changes, which reach it through the change
 * feed); the other tabs refresh their view of it when the leader says it changed. On becoming
 * leader it catches up on notes modified after the watermark, so start-up never re-indexes the
 * whole vault, and notes changed while no leader ran are not missed.
 */
export async function startSearchIndexer(deps: {
  db: VaultDb;
  leader: LeaderElection;
  channel: ChannelPort | null;
  subscribe: (l: (b: ChangeBatch) => void) => () => void;
  now: () => number;
}) {
  const { db, leader, channel } = deps;
  // a vault closed under a run (switched away, deleted) ends it quietly: nothing is left to index
  const reportUnlessClosed = (what: string) => (err: unknown) => {
    if (!db.hasBeenClosed()) console.error(what, err);
  };
  const store: SearchStore = createDexieSearchStore(db);
  const index = await SearchIndex.open({ store, texts: createNoteTexts(db), now: deps.now });
  // Let the UI's first requests through before indexing work starts.
  const yieldToOthers = () => new Promise<void>((r) => setTimeout(r, 0));
  let chain: Promise<unknown> = Promise.resolve();
  const serial = (work: () => Promise<unknown>) => {
    chain = chain.then(work).catch(reportUnlessClosed('search indexing failed'));
    return chain;
  };

  async function watermark(): Promise<number> {
    return Number((await store.get([WATERMARK])).get(WATERMARK) ?? 0);
  }
  async function advance(to: number) {
    if (to > (await watermark())) await store.write(new Map([[WATERMARK, String(to)]]), []);
  }
  // This tab's listeners (the search dialog re-runs its query) hear of every change the index
  // took in: from this tab's writes when it is the leader, from a refresh that found the index
  // changed when another tab's is.
  const indexedListeners = new Set<() => void>();
  const indexed = () => {
    for (const l of indexedListeners) l();
  };
  const announce = () => {
    channel?.postMessage({ type: 'search-changed' });
    indexed();
  };
  let progress: RebuildProgress | null = null;
  const progressListeners = new Set<(p: RebuildProgress | null) => void>();
  const report = (p: RebuildProgress | null) => {
    progress = p;
    for (const l of progressListeners) l(p);
  };

  /** Every note's search document (the whole vault: for a rebuild). */
  async function allDocs() {
    const docs = await loadAllSearchDocs(db);
    const modified = await db.notes.orderBy('modified').last();
    return { docs, through: modified?.modified ?? 0 };
  }

  async function catchUp() {
    const from = await watermark();
    const stats = await index.stats();
    const count = await db.notes.count();
    if (stats.documents > count) {
      // Deletions were missed: rebuilding is the only exact answer.
      const { docs, through } = await allDocs();
      await index.rebuild(docs, docs.length, undefined, yieldToOthers);
      await advance(through);
      announce();
      return;
    }
    let after = from;
    for (;;) {
      const ids = (await db.notes
        .where('modified')
        .above(after)
        .limit(CATCH_UP_BATCH)
        .primaryKeys()) as string[];
      if (ids.length === 0) break;
      const docs = await loadSearchDocs(db, ids);
      await index.upsertMany(docs);
      const rows = await db.notes.bulkGet(ids);
      after = Math.max(after, ...rows.map((r) => r?.modified ?? 0));
      await advance(after);
      await yieldToOthers();
      if (ids.length < CATCH_UP_BATCH) break;
    }
    if (after > from) announce();
    await catchUpTexts();
  }

  /** Files whose extracted text changed since the last indexed one (a crash between the two). */
  async function catchUpTexts() {
    const from = Number((await store.get([TEXTS_WATERMARK])).get(TEXTS_WATERMARK) ?? 0);
    const rows = await db.fileTexts.where('updated').above(from).toArray();
    if (rows.length === 0) return;
    await index.upsertMany(
      await loadSearchDocs(
        db,
        rows.map((r) => r.fileId),
      ),
    );
    await advanceTexts(Math.max(...rows.map((r) => r.updated)));
    announce();
  }
  async function advanceTexts(to: number) {
    await store.write(new Map([[TEXTS_WATERMARK, String(to)]]), []);
  }

  async function apply(batch: ChangeBatch) {
    const texts = batch.changes
      .filter((c) => c.table === 'fileTexts' && c.op === 'put')
      .flatMap((c) => c.ids);
    if (texts.length > 0) await applyTexts(texts);
    const changed = batch.changes.filter((c) => c.table === 'notes');
    // A note's reasons changed: its document is rebuilt with them (an upsert of the note).
    const reasoned = batch.changes.filter((c) => c.table === 'searchReasons').flatMap((c) => c.ids);
    if (changed.length === 0 && reasoned.length === 0) return;
    const removed = changed.filter((c) => c.op === 'delete').flatMap((c) => c.ids);
    const put = [
      ...new Set([...changed.filter((c) => c.op === 'put').flatMap((c) => c.ids), ...reasoned]),
    ].filter((id) => !removed.includes(id));
    const docs = await loadSearchDocs(db, put);
    // a note put without a document is in the Trash (or gone meanwhile): out of the index
    const kept = new Set(docs.map((d) => d.id));
    for (const id of [...removed, ...put.filter((id) => !kept.has(id))]) await index.remove(id);
    if (docs.length > 0) await index.upsertMany(docs);
    const rows = await db.notes.bulkGet(put);
    await advance(Math.max(0, ...rows.map((r) => r?.modified ?? 0)));
    announce();
  }

  /** A file's text was read (or failed): index it as the file's `extra` text. */
  async function applyTexts(ids: string[]) {
    const docs = await loadSearchDocs(db, ids);
    if (docs.length > 0) await index.upsertMany(docs);
    const rows = await db.fileTexts.bulkGet(ids);
    const to = Math.max(0, ...rows.map((r) => r?.updated ?? 0));
    const from = Number((await store.get([TEXTS_WATERMARK])).get(TEXTS_WATERMARK) ?? 0);
    if (to > from) await advanceTexts(to);
    announce();
  }

  deps.subscribe((batch) => {
    if (leader.isLeader()) void serial(() => apply(batch));
  });
  leader.onChange((isLeader) => {
    // The last leader wrote the index since this tab loaded it: reload before writing (one writer).
    if (isLeader)
      void serial(async () => {
        await index.refresh();
        await catchUp();
      });
  });
  if (leader.isLeader())
    void serial(async () => {
      await yieldToOthers();
      await catchUp();
    });
  // Every postings shard parsed ahead of queries, in steps that queries interleave with, once
  // the start-up work is done (docs/search.md, "Warm-up"). A later refresh (another tab wrote
  // the index) loads shards on demand again rather than re-parsing all of them each time.
  void serial(async () => {
    await yieldToOthers();
  }).then(() => index.warmAll().catch(reportUnlessClosed('search warm-up failed')));
  channel?.addEventListener('message', (e) => {
    if ((e.data as { type?: string } | null)?.type === 'search-changed' && !leader.isLeader())
      // A refresh that failed (the vault closing) took nothing in: no one to tell. Its error is
      // the index queue's (SearchIndex keeps its chain going); left unhandled here it was
      // reported again as an unhandled rejection.
      void index.refresh().then(
        (changed) => changed && indexed(),
        () => undefined,
      );
  });

  return {
    index,
    /** resolves when every change seen so far is indexed (tests, bench) */
    settled: () => chain,
    /** Calls `listener` after the index took in a change (answers to a query may differ since). */
    onIndexed(listener: () => void): () => void {
      indexedListeners.add(listener);
      return () => indexedListeners.delete(listener);
    },
    /** The rebuild under way, if any: `{phase, done, total}` (the UI shows it as a progress bar). */
    progress: () => progress,
    /** Calls `listener` with each progress step of a rebuild, then with null when it ends. */
    onProgress(listener: (p: RebuildProgress | null) => void): () => void {
      progressListeners.add(listener);
      return () => progressListeners.delete(listener);
    },
    /**
     * `search.rebuildIndex`: re-indexes the whole vault. Only the leader writes the index (one
     * writer); elsewhere it answers UNAVAILABLE. Queries keep answering from the old index until
     * the new one replaces it in one write.
     */
    async rebuild(): Promise<Result<SearchStats>> {
      if (!leader.isLeader()) {
        return fail(
          'UNAVAILABLE',
          'Another tab of this vault keeps the search index; rebuild it from that tab.',
        );
      }
      if (progress !== null) return fail('CONFLICT', 'The search index is being rebuilt already.');
      report({ phase: 'reading', done: 0, total: 0 });
      try {
        await serial(async () => {
          const { docs, through } = await allDocs();
          await index.rebuild(docs, docs.length, report, yieldToOthers);
          await advance(through);
          announce();
        });
      } finally {
        report(null);
      }
      return ok(await index.stats());
    },
  };
}

export type SearchIndexer = Awaited<ReturnType<typeof startSearchIndexer>>;
