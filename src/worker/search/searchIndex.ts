import { type Checked, refuse } from '../domain/notes/validationError';
import { buildBase, type CompactProgress, compact } from './compact';
import { isInFolder } from './filters';
import { IndexState, type WriteSet } from './indexState';
import { expandTerm, fieldNames, matchedTerms, rankDocuments } from './queryIndex';
import { foldTitle, type QuickHit, quickSearch } from './quickSearch';
import { MemorySearchStore, type SearchStore } from './searchStore';
import { FILE_TYPES, type SearchDoc, type SearchHit, type SearchQuery, type TextSource } from './searchTypes';
import { makeSnippet } from './snippet';
import { key } from './storedForms';
import { TitleOrder } from './titleOrder';
import { tokenize } from './tokenize';

/**
 * The vault's full-text index (docs/search.md). Persistent and incremental: `open` reads the
 * stored index (no re-indexing), each update writes one small delta record atomically, and the
 * delta is merged into the base segment once it holds `compactAt` documents. Every operation
 * runs in order through one queue, so a query never sees a half-applied update. One writer per
 * store: in a multi-tab vault only the Web Locks leader updates the index; other tabs query and
 * call `refresh()` when told the index changed (docs/search.md).
 */
export interface SearchIndexDeps {
  store: SearchStore;
  texts: TextSource;
  now: () => number;
  /** compact when this many documents sit in the delta, or twice as many tombstones (default 500) */
  compactAt?: number;
}

export interface SearchStats {
  documents: number;
  terms: number;
  delta_documents: number;
  tombstones: number;
  shards: number;
  shards_loaded: number;
  built_at: number | null;
  compacted_at: number | null;
}

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 50;

export class SearchIndex {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly folded = new Map<number, string>();
  /** built by warmAll; until then ties on score are broken by comparing titles one by one */
  private titleOrder: TitleOrder | null = null;

  private constructor(
    private state: IndexState,
    private readonly deps: SearchIndexDeps,
  ) {}

  static async open(deps: SearchIndexDeps): Promise<SearchIndex> {
    return new SearchIndex(await IndexState.load(deps.store), deps);
  }

  upsert(doc: SearchDoc): Promise<void> {
    return this.upsertMany([doc]);
  }

  /** Adds or replaces documents; one atomic store write for the batch. */
  upsertMany(docs: readonly SearchDoc[]): Promise<void> {
    return this.run(async () => {
      const all: WriteSet = { puts: new Map(), deletes: [] };
      for (const doc of docs) merge(all, this.state.upsert(doc));
      await this.persist(all);
    });
  }

  remove(id: string): Promise<void> {
    return this.run(async () => this.persist(this.state.remove(id)));
  }

  query(q: SearchQuery): Promise<Checked<SearchHit[]>> {
    return this.run(async () => {
      const checked = checkQuery(q);
      if (!checked.ok) return checked;
      const terms = [...new Set(tokenize(q.query))];
      if (terms.length === 0) return { ok: true, value: [] } as const;
      const options = { prefix: q.prefix ?? true, fuzzy: q.fuzzy ?? true };
      const expansions = terms.map((t) => expandTerm(this.state, t, options));
      await this.state.loadShards(
        this.deps.store,
        this.state.missingShards(expansions.flat().map((e) => e.term)),
      );
      const ranks = this.titleOrder?.ranks(this.state) ?? null;
      const top = rankDocuments(this.state, expansions, this.filterMask(q), q.limit ?? DEFAULT_LIMIT, ranks);
      const ids = top.map((c) => this.state.docs[c.no]?.id ?? '');
      const types = top.map((c) => this.state.docs[c.no]?.file_type ?? 'markdown');
      const texts = await this.deps.texts.getTexts(ids, types);
      const hits: SearchHit[] = [];
      for (const c of top) {
        const d = this.state.docs[c.no];
        if (!d) continue;
        const text = texts.get(d.id) ?? { body: '', extra: [] };
        const terms = matchedTerms(this.state, expansions, c.no);
        const href = `svc://note/${d.id}`;
        hits.push({
          id: d.id,
          title: d.title,
          folder_path: d.folder_path,
          file_type: d.file_type,
          score: c.score,
          snippet: makeSnippet(text, terms),
          terms: [...terms].sort(),
          fields: fieldNames(c.fields),
          href,
          source_ref: { kind: 'note', id: d.id, title: d.title, href },
        });
      }
      return { ok: true, value: hits } as const;
    });
  }

  quick(query: string, limit = DEFAULT_LIMIT): Promise<QuickHit[]> {
    return this.run(async () => {
      const fold = (d: { no: number; title: string }) => {
        let f = this.folded.get(d.no);
        if (f === undefined) {
          f = foldTitle(d.title);
          this.folded.set(d.no, f);
        }
        return f;
      };
      return quickSearch(this.state.liveDocs(), fold, query, Math.min(Math.max(1, limit), MAX_LIMIT));
    });
  }

  stats(): Promise<SearchStats> {
    return this.run(async () => ({
      documents: this.state.documentCount,
      terms:
        this.state.baseTerms.size +
        this.state.deltaTerms.all().filter((t) => !this.state.baseDf.has(t)).length,
      delta_documents: this.state.deltaDocs.size,
      tombstones: this.state.deleted.size,
      shards: this.state.shardStarts.length,
      shards_loaded: this.state.shards.size,
      built_at: this.state.meta.builtAt,
      compacted_at: this.state.meta.compactedAt,
    }));
  }

  /**
   * Re-reads the stored index when another instance changed it (another tab's leader wrote it):
   * cheap when nothing changed (one `meta` read), a start-up's worth of reading otherwise.
   * Returns whether anything was reloaded.
   */
  refresh(): Promise<boolean> {
    return this.run(async () => {
      const stored = (await this.deps.store.get([key.meta])).get(key.meta);
      if (stored === undefined ? this.state.documentCount === 0 : stored === this.state.encodeMeta())
        return false;
      this.state = await IndexState.load(this.deps.store);
      this.folded.clear();
      return true;
    });
  }

  /**
   * Loads every postings shard still on disk, `batch` shards per step, each step its own turn
   * of the index's queue, so queries and updates interleave with it instead of waiting for it.
   * The indexer calls it once the index is open (docs/search.md, "Warm-up"); until it is done a
   * query may pay a shard's first parse. At most `maxShards` are loaded (memory: a 10,000-note
   * vault has about 700 shards and holds about 46 MB once all are parsed); a larger vault keeps
   * the rest on demand. Last, it sorts the titles once (TitleOrder), so that queries tying many
   * documents on score stop comparing titles one by one. Returns the number of shards loaded.
   */
  async warmAll(batch = 24, maxShards = 1500): Promise<number> {
    let loaded = 0;
    while (loaded < maxShards) {
      const step = await this.run(async () => {
        const missing: number[] = [];
        for (let s = 0; s < this.state.shardStarts.length && missing.length < batch; s++)
          if (!this.state.shards.has(s)) missing.push(s);
        await this.state.loadShards(this.deps.store, missing);
        return missing.length;
      });
      if (step === 0) break;
      loaded += step;
    }
    // The title order for ties (titleOrder.ts): one sort of every title, then kept up to date.
    await this.run(async () => {
      this.titleOrder ??= TitleOrder.build(this.state);
    });
    return loaded;
  }

  /** Merges the delta into the base now (the worker may call it when idle). */
  compact(onProgress?: (p: CompactProgress) => void): Promise<void> {
    return this.run(async () => {
      await compact(this.state, this.deps.store, this.deps.now(), onProgress);
      this.folded.clear();
    });
  }

  /**
   * `search.rebuildIndex`: indexes `docs` from scratch and replaces the stored index with the
   * result in one atomic write. The build runs beside the queue on a staged copy, so queries keep
   * answering from the current index meanwhile (`pause` lets the worker take them); the caller
   * must not upsert during a rebuild (the worker's indexer serializes both), or those updates
   * are lost at the swap.
   */
  async rebuild(
    docs: Iterable<SearchDoc>,
    total: number,
    onProgress?: (p: CompactProgress) => void,
    pause?: () => Promise<void>,
  ): Promise<void> {
    const staged = new MemorySearchStore();
    const state = new IndexState();
    await buildBase(state, staged, docs, total, this.deps.now(), onProgress, pause);
    return this.run(async () => {
      // The index's own keyed records (shards, doc chunks, delta records; storedForms.ts); other
      // keys in the store (the indexer's watermark) are not the index's to delete.
      const owned = await Promise.all(['p:', 'd:', 'u:'].map((prefix) => this.deps.store.keys(prefix)));
      const deletes = owned.flat().filter((k) => !staged.data.has(k));
      await this.deps.store.write(staged.data, deletes);
      this.state = state;
      this.folded.clear();
    });
  }

  /** 1 for each doc number passing the folder and type filters; null when there is no filter. */
  private filterMask(q: SearchQuery): Uint8Array | null {
    const types = q.file_types && q.file_types.length > 0 ? new Set(q.file_types) : null;
    const folder = (q.folder ?? '').replace(/^\/+|\/+$/g, '');
    if (types === null && folder === '') return null;
    const mask = new Uint8Array(this.state.meta.nextNo);
    for (const d of this.state.liveDocs()) {
      if ((types === null || types.has(d.file_type)) && isInFolder(d.folder_path, folder)) mask[d.no] = 1;
    }
    return mask;
  }

  private async persist(writes: WriteSet): Promise<void> {
    if (writes.puts.size > 0 || writes.deletes.length > 0)
      await this.deps.store.write(writes.puts, writes.deletes);
    // Removals leave tombstones without growing the delta: they count towards compaction too.
    const at = this.deps.compactAt ?? 500;
    if (this.state.deltaDocs.size >= at || this.state.deleted.size >= 2 * at) {
      await compact(this.state, this.deps.store, this.deps.now());
      this.folded.clear();
    }
  }

  private run<T>(task: () => Promise<T>): Promise<T> {
    const next = this.queue.then(task, task);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

function merge(into: WriteSet, from: WriteSet): void {
  for (const k of from.deletes) {
    into.puts.delete(k);
    into.deletes.push(k);
  }
  for (const [k, v] of from.puts) into.puts.set(k, v);
}

function checkQuery(q: SearchQuery): Checked<SearchQuery> {
  if (typeof q.query !== 'string' || q.query.trim() === '') {
    return refuse('query', 'The search query cannot be empty.', 'min length 1');
  }
  if (q.limit !== undefined && (!Number.isInteger(q.limit) || q.limit < 1 || q.limit > MAX_LIMIT)) {
    return refuse('limit', `The limit must be an integer from 1 to ${MAX_LIMIT}.`, `1..${MAX_LIMIT}`);
  }
  const bad = q.file_types?.find((t) => !FILE_TYPES.includes(t));
  if (bad !== undefined) return refuse('file_types', `Unknown file type "${bad}".`, FILE_TYPES.join(', '));
  if (q.file_types && q.file_types.length === 0) {
    return refuse('file_types', 'file_types needs at least one type.', 'min 1 item');
  }
  return { ok: true, value: q };
}
