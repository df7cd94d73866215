import { docFrequencies, type FieldLengths } from './fieldFrequencies';
import type { SearchStore } from './searchStore';
import type { SearchDoc } from './searchTypes';
import { SortedTerms } from './sortedTerms';
import {
  type DocMeta,
  decodeDeltaDoc,
  decodeDict,
  decodeDocChunk,
  decodeShard,
  encodeDeltaDoc,
  FORMAT_VERSION,
  type IndexMeta,
  key,
  shardIndex,
} from './storedForms';

/**
 * The index in memory: a base segment (dictionary always loaded, postings shards loaded on first
 * use) plus a delta of documents changed since the last compaction, kept whole in memory and
 * stored one record per document. An update never rewrites base data: the old version of a base
 * document becomes a tombstone. Doc numbers are never reused, so a tombstone can never hide a
 * newer document.
 */
export interface WriteSet {
  puts: Map<string, string>;
  deletes: string[];
}

export function emptyMeta(): IndexMeta {
  return {
    version: FORMAT_VERSION,
    nextNo: 0,
    deleted: [],
    delta: [],
    chunks: [],
    builtAt: null,
    compactedAt: null,
  };
}

export class IndexState {
  meta: IndexMeta = emptyMeta();
  /** live documents by doc number (holes where documents were removed) */
  readonly docs: Array<DocMeta | undefined> = [];
  readonly byId = new Map<string, number>();
  totals: FieldLengths = [0, 0, 0, 0];
  baseTerms = new SortedTerms();
  baseDf = new Map<string, number>();
  /** the first term of each base postings shard (stored in `dict`, not in `meta`: updates write meta) */
  shardStarts: string[] = [];
  readonly shards = new Map<number, Map<string, number[]>>();
  readonly deleted = new Set<number>();
  readonly deltaDocs = new Map<number, Map<string, number>>();
  readonly deltaPostings = new Map<string, Map<number, number>>();
  readonly deltaTerms = new SortedTerms();
  /** bumped on every change of documents, so caches derived from them know they are stale */
  version = 0;
  /** bumped when compaction renumbers the documents (doc numbers before it mean nothing after) */
  epoch = 0;

  /** Reads meta, dictionary, document metadata and the delta; postings stay in the store. */
  static async load(store: SearchStore): Promise<IndexState> {
    const state = new IndexState();
    const head = await store.get([key.meta, key.dict]);
    const metaText = head.get(key.meta);
    if (metaText === undefined) return state;
    const meta = JSON.parse(metaText) as IndexMeta;
    if (meta.version !== FORMAT_VERSION) return state;
    state.meta = meta;
    const dictText = head.get(key.dict);
    if (dictText !== undefined) {
      const { terms, df, shardStarts } = decodeDict(dictText);
      state.shardStarts = shardStarts;
      state.baseTerms = new SortedTerms(terms);
      state.baseDf = new Map(terms.map((t, i) => [t, df[i] ?? 0]));
    }
    for (const no of meta.deleted) state.deleted.add(no);
    const rest = await store.get([...meta.chunks.map(key.chunk), ...meta.delta.map(key.delta)]);
    for (const n of meta.chunks) {
      for (const d of decodeDocChunk(rest.get(key.chunk(n)) ?? '[]'))
        if (!state.deleted.has(d.no)) state.addMeta(d);
    }
    for (const no of meta.delta) {
      const text = rest.get(key.delta(no));
      if (text === undefined) continue;
      const { meta: d, terms } = decodeDeltaDoc(text);
      state.addMeta(d);
      state.addDeltaPostings(no, terms);
    }
    return state;
  }

  get documentCount(): number {
    return this.byId.size;
  }

  *liveDocs(): Generator<DocMeta> {
    for (const d of this.docs) if (d) yield d;
  }

  /** Adds or replaces a document; returns what to write (one delta record and the meta). */
  upsert(doc: SearchDoc): WriteSet {
    const writes: WriteSet = { puts: new Map(), deletes: [] };
    this.removeInternal(doc.id, writes);
    const no = this.meta.nextNo++;
    const { terms, lengths } = docFrequencies(doc);
    const meta: DocMeta = {
      no,
      id: doc.id,
      title: doc.title,
      folder_path: doc.folder_path,
      file_type: doc.file_type,
      lengths,
    };
    this.addMeta(meta);
    this.addDeltaPostings(no, terms);
    writes.puts.set(key.delta(no), encodeDeltaDoc(meta, terms));
    writes.puts.set(key.meta, this.encodeMeta());
    return writes;
  }

  remove(id: string): WriteSet {
    const writes: WriteSet = { puts: new Map(), deletes: [] };
    if (this.removeInternal(id, writes)) writes.puts.set(key.meta, this.encodeMeta());
    return writes;
  }

  /** Shard keys not loaded yet among those holding the given base terms. */
  missingShards(terms: Iterable<string>): number[] {
    const missing = new Set<number>();
    for (const t of terms) {
      const s = this.shardOf(t);
      if (!this.shards.has(s) && this.baseDf.has(t)) missing.add(s);
    }
    return [...missing];
  }

  shardOf(term: string): number {
    return shardIndex(this.shardStarts, term);
  }

  async loadShards(store: SearchStore, shardKeys: readonly number[]): Promise<void> {
    if (shardKeys.length === 0) return;
    const texts = await store.get(shardKeys.map(key.shard));
    for (const s of shardKeys) this.shards.set(s, decodeShard(texts.get(key.shard(s)) ?? '{"t":[],"p":[]}'));
  }

  /** Gives the live documents numbers 0..n-1 in the given order (compaction rewrites postings). */
  renumber(live: readonly DocMeta[]): void {
    this.version++;
    this.epoch++;
    this.docs.length = 0;
    this.byId.clear();
    this.totals = [0, 0, 0, 0];
    live.forEach((d, i) => {
      const moved = { ...d, no: i };
      this.docs[i] = moved;
      this.byId.set(d.id, i);
      for (let f = 0; f < 4; f++) this.totals[f] = (this.totals[f] ?? 0) + (d.lengths[f] ?? 0);
    });
    this.meta.nextNo = live.length;
  }

  /** Base postings of a term: [docNo, packedTf, ...] ascending, tombstones included. */
  basePostings(term: string): number[] | undefined {
    return this.shards.get(this.shardOf(term))?.get(term);
  }

  /** Whether live document `no` contains `term` (its shard must be loaded). */
  contains(term: string, no: number): boolean {
    if (this.deltaPostings.get(term)?.has(no)) return true;
    const base = this.basePostings(term);
    if (!base || this.deleted.has(no)) return false;
    let lo = 0;
    let hi = base.length / 2 - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = base[mid * 2] ?? 0;
      if (v === no) return true;
      if (v < no) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }

  /** Document frequency (base count may include documents deleted since the last compaction). */
  df(term: string): number {
    return (this.baseDf.get(term) ?? 0) + (this.deltaPostings.get(term)?.size ?? 0);
  }

  encodeMeta(): string {
    this.meta.deleted = [...this.deleted];
    this.meta.delta = [...this.deltaDocs.keys()];
    return JSON.stringify(this.meta);
  }

  private addMeta(d: DocMeta): void {
    this.version++;
    this.docs[d.no] = d;
    this.byId.set(d.id, d.no);
    for (let f = 0; f < 4; f++) this.totals[f] = (this.totals[f] ?? 0) + (d.lengths[f] ?? 0);
  }

  private addDeltaPostings(no: number, terms: Map<string, number>): void {
    this.deltaDocs.set(no, terms);
    for (const [term, packed] of terms) {
      let list = this.deltaPostings.get(term);
      if (!list) {
        list = new Map();
        this.deltaPostings.set(term, list);
        this.deltaTerms.insert(term);
      }
      list.set(no, packed);
    }
  }

  private removeInternal(id: string, writes: WriteSet): boolean {
    const no = this.byId.get(id);
    if (no === undefined) return false;
    const d = this.docs[no];
    this.version++;
    this.byId.delete(id);
    this.docs[no] = undefined;
    if (d) for (let f = 0; f < 4; f++) this.totals[f] = (this.totals[f] ?? 0) - (d.lengths[f] ?? 0);
    const terms = this.deltaDocs.get(no);
    if (terms) {
      this.deltaDocs.delete(no);
      for (const term of terms.keys()) {
        const list = this.deltaPostings.get(term);
        list?.delete(no);
        if (list && list.size === 0) {
          this.deltaPostings.delete(term);
          this.deltaTerms.remove(term);
        }
      }
      writes.deletes.push(key.delta(no));
    } else {
      this.deleted.add(no);
    }
    return true;
  }
}
