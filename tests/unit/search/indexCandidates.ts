import { Document } from 'flexsearch';
import MiniSearch, { type Options } from 'minisearch';
import { SearchIndex } from '../../../src/worker/search/searchIndex';
import { MemorySearchStore, type SearchStore } from '../../../src/worker/search/searchStore';
import type { SearchDoc, TextSource } from '../../../src/worker/search/searchTypes';
import { tokenize } from '../../../src/worker/search/tokenize';

/**
 * The search indexes compared by tests/bench/search.bench.ts (docs/search.md). Each is driven
 * the same way: build from empty, persist to key → text (what a Dexie table would hold), load a
 * fresh instance from that (cold start), query, and update one document durably. Snippets are
 * cut by the same code for every candidate, from the terms each reports.
 */
export interface CandidateHit {
  id: string;
  terms: ReadonlySet<string>;
  snippet?: string;
}

export interface IndexCandidate {
  name: string;
  build(docs: readonly SearchDoc[]): Promise<void>;
  persist(): Promise<Map<string, string>>;
  load(stored: Map<string, string>): Promise<void>;
  query(q: string, limit: number): Promise<CandidateHit[]>;
  /** updates one document and makes the change durable; returns the characters written */
  updateDurably(doc: SearchDoc): Promise<number>;
  /** loads whatever the index keeps on disk until first use (what the app does once it is open) */
  warm?(): Promise<number>;
}

/** Cairn's own index: base segment in prefix shards plus per-document delta records. */
export function cairnCandidate(texts: TextSource): IndexCandidate {
  let store = new MemorySearchStore();
  let written = 0;
  const counting = (inner: MemorySearchStore): SearchStore => ({
    get: (keys) => inner.get(keys),
    keys: (prefix) => inner.keys(prefix),
    clear: () => inner.clear(),
    write: async (puts, deletes) => {
      for (const [k, v] of puts) written += k.length + v.length;
      await inner.write(puts, deletes);
    },
  });
  let index: SearchIndex | null = null;
  const open = async () => SearchIndex.open({ store: counting(store), texts, now: () => Date.now() });
  return {
    name: 'Cairn index (sharded base + delta)',
    async build(docs) {
      index = await open();
      await index.rebuild(docs, docs.length);
    },
    async persist() {
      return new Map(store.data);
    },
    async load(stored) {
      store = new MemorySearchStore();
      for (const [k, v] of stored) store.data.set(k, v);
      index = await open();
    },
    async query(q, limit) {
      const r = await index?.query({ query: q, limit });
      if (!r?.ok) return [];
      return r.value.map((h) => ({ id: h.id, terms: new Set(h.terms), snippet: h.snippet }));
    },
    async updateDurably(doc) {
      written = 0;
      await index?.upsert(doc);
      return written;
    },
    warm: async () => (await index?.warmAll()) ?? 0,
  };
}

const MINI_OPTIONS: Options<SearchDoc> = {
  fields: ['title', 'body', 'extra'],
  extractField: (doc, field) => {
    const v = (doc as unknown as Record<string, unknown>)[field];
    return Array.isArray(v) ? v.join('\n') : typeof v === 'string' ? v : '';
  },
  tokenize: (text: string) => tokenize(text),
  processTerm: (term: string) => term,
  searchOptions: {
    boost: { title: 4 },
    prefix: (term: string) => term.length >= 3,
    fuzzy: (term: string) => (term.length >= 4 ? 0.2 : false),
    combineWith: 'AND',
  },
};

/** MiniSearch: one in-memory index, persisted as one JSON text (toJSON / loadJSON). */
export function miniSearchCandidate(): IndexCandidate {
  let mini = new MiniSearch<SearchDoc>(MINI_OPTIONS);
  return {
    name: 'MiniSearch 7.2 (one JSON)',
    async build(docs) {
      mini = new MiniSearch<SearchDoc>(MINI_OPTIONS);
      mini.addAll(docs as SearchDoc[]);
    },
    async persist() {
      return new Map([['index', JSON.stringify(mini)]]);
    },
    async load(stored) {
      mini = MiniSearch.loadJSON<SearchDoc>(stored.get('index') ?? '{}', MINI_OPTIONS);
    },
    async query(q, limit) {
      return mini
        .search(q)
        .slice(0, limit)
        .map((r) => ({ id: String(r.id), terms: new Set(r.terms) }));
    },
    async updateDurably(doc) {
      mini.replace(doc);
      return JSON.stringify(mini).length;
    },
  };
}

interface FlexDoc {
  id: string;
  title: string;
  body: string;
  extra: string;
}

/** The part of FlexSearch's Document API used here (its generic typings are heavier than needed). */
interface FlexDocumentLike {
  add(doc: FlexDoc): unknown;
  update(doc: FlexDoc): unknown;
  search(
    q: string,
    options: { limit: number; merge: true; suggest?: boolean },
  ): Array<{ id: string | number }>;
  export(handler: (key: string, data: string) => void): unknown;
  import(key: string, data: string): unknown;
}

const FlexDocument = Document as unknown as new (options: object) => FlexDocumentLike;
const flexOptions = () => ({
  document: {
    id: 'id',
    index: [
      { field: 'title', tokenize: 'forward' },
      { field: 'body', tokenize: 'forward' },
      { field: 'extra', tokenize: 'forward' },
    ],
  },
});
const flexDoc = (d: SearchDoc): FlexDoc => ({
  id: d.id,
  title: d.title,
  body: d.body,
  extra: (d.extra ?? []).join('\n'),
});

/** FlexSearch 0.8 Document index, persisted through export/import (one text per exported key). */
export function flexSearchCandidate(): IndexCandidate {
  let flex = new FlexDocument(flexOptions());
  const dump = () => {
    const out = new Map<string, string>();
    flex.export((k, d) => {
      out.set(k, d);
    });
    return out;
  };
  return {
    name: 'FlexSearch 0.8 (export/import)',
    async build(docs) {
      flex = new FlexDocument(flexOptions());
      for (const d of docs) flex.add(flexDoc(d));
    },
    async persist() {
      return dump();
    },
    async load(stored) {
      flex = new FlexDocument(flexOptions());
      for (const [k, d] of stored) flex.import(k, d);
    },
    async query(q, limit) {
      // FlexSearch reports no matched terms: the query's own tokens are marked.
      const terms = new Set(tokenize(q));
      return flex.search(q, { limit, merge: true }).map((r) => ({ id: String(r.id), terms }));
    },
    async updateDurably(doc) {
      flex.update(flexDoc(doc));
      let n = 0;
      for (const [k, d] of dump()) n += k.length + d.length;
      return n;
    },
  };
}
