import { docFrequencies } from './fieldFrequencies';
import type { IndexState } from './indexState';
import type { SearchStore } from './searchStore';
import type { SearchDoc } from './searchTypes';
import { SortedTerms } from './sortedTerms';
import {
  DOC_CHUNK,
  type DocMeta,
  encodeDict,
  encodeDocChunk,
  encodeShard,
  key,
  SHARD_TARGET_CHARS,
} from './storedForms';

/**
 * Writing the base segment. `compact` merges the delta into the base and drops tombstones;
 * `buildBase` indexes a whole vault from scratch (search.rebuildIndex). Both end in `writeBase`:
 * every shard, the dictionary and the document chunks in one atomic store write. It costs about
 * as much as writing the whole index, which is why ordinary updates never do it.
 */
export interface CompactProgress {
  phase: 'indexing' | 'loading' | 'merging' | 'writing';
  done: number;
  total: number;
}

type Progress = ((p: CompactProgress) => void) | undefined;

export async function compact(
  state: IndexState,
  store: SearchStore,
  now: number,
  onProgress?: Progress,
): Promise<void> {
  const missing = state.shardStarts.map((_, i) => i).filter((i) => !state.shards.has(i));
  onProgress?.({ phase: 'loading', done: 0, total: missing.length });
  await state.loadShards(store, missing);
  onProgress?.({ phase: 'merging', done: 0, total: state.shards.size + state.deltaPostings.size });
  // Live documents are renumbered 0..n-1 in their old order, so score arrays stay as small as
  // the vault; base numbers are all below delta numbers, so appending keeps postings ascending.
  const renumber = new Map<number, number>();
  const live = [...state.liveDocs()];
  live.forEach((d, i) => {
    renumber.set(d.no, i);
  });
  const merged = new Map<string, number[]>();
  for (const shard of state.shards.values()) {
    for (const [term, flat] of shard) {
      const kept: number[] = [];
      for (let i = 0; i < flat.length; i += 2) {
        const no = renumber.get(flat[i] ?? -1);
        if (no !== undefined) kept.push(no, flat[i + 1] ?? 0);
      }
      if (kept.length > 0) merged.set(term, kept);
    }
  }
  for (const [term, docs] of state.deltaPostings) {
    const list = merged.get(term) ?? [];
    for (const old of [...docs.keys()].sort((a, b) => a - b)) {
      const no = renumber.get(old);
      if (no !== undefined) list.push(no, docs.get(old) ?? 0);
    }
    merged.set(term, list);
  }
  const deletes = [...state.deltaDocs.keys()].map(key.delta);
  state.renumber(live);
  await writeBase(state, store, merged, deletes, now, onProgress);
}

/** Indexes `docs` into an empty `state` and writes it as the base segment. */
export async function buildBase(
  state: IndexState,
  store: SearchStore,
  docs: Iterable<SearchDoc>,
  total: number,
  now: number,
  onProgress?: Progress,
  /** awaited every 500 documents: lets a worker answer other calls during a long build */
  pause?: () => Promise<void>,
): Promise<void> {
  const merged = new Map<string, number[]>();
  const live: DocMeta[] = [];
  const seen = new Set<string>();
  for (const doc of docs) {
    if (seen.has(doc.id)) continue;
    seen.add(doc.id);
    const no = live.length;
    const { terms, lengths } = docFrequencies(doc);
    live.push({
      no,
      id: doc.id,
      title: doc.title,
      folder_path: doc.folder_path,
      file_type: doc.file_type,
      lengths,
    });
    for (const [term, packed] of terms) {
      const list = merged.get(term);
      if (list) list.push(no, packed);
      else merged.set(term, [no, packed]);
    }
    if (live.length % 500 === 0) {
      onProgress?.({ phase: 'indexing', done: live.length, total });
      await pause?.();
    }
  }
  onProgress?.({ phase: 'indexing', done: live.length, total });
  state.renumber(live);
  state.meta.builtAt = now;
  await writeBase(state, store, merged, [], now, onProgress);
}

async function writeBase(
  state: IndexState,
  store: SearchStore,
  merged: Map<string, number[]>,
  extraDeletes: string[],
  now: number,
  onProgress: Progress,
): Promise<void> {
  const terms = [...merged.keys()].sort();
  // Range partitioning by size: consecutive terms fill a shard up to about SHARD_TARGET_CHARS.
  const byShard: string[][] = [];
  let size = SHARD_TARGET_CHARS;
  for (const t of terms) {
    const cost = t.length + 4 + (merged.get(t)?.length ?? 0) * 3;
    if (size + cost > SHARD_TARGET_CHARS && (byShard[byShard.length - 1]?.length ?? 1) > 0) {
      byShard.push([]);
      size = 0;
    }
    byShard[byShard.length - 1]?.push(t);
    size += cost;
  }
  const chunks = new Map<number, DocMeta[]>();
  for (const d of state.liveDocs()) {
    const n = Math.floor(d.no / DOC_CHUNK);
    const list = chunks.get(n);
    if (list) list.push(d);
    else chunks.set(n, [d]);
  }
  const df = terms.map((t) => (merged.get(t)?.length ?? 0) / 2);
  const puts = new Map<string, string>();
  byShard.forEach((list, i) => {
    puts.set(key.shard(i), encodeShard(list, merged));
  });
  const starts = byShard.map((list) => list[0] ?? '');
  puts.set(key.dict, encodeDict(terms, df, starts));
  for (const [n, docs] of chunks) puts.set(key.chunk(n), encodeDocChunk(docs));
  const deletes = [
    ...state.shardStarts
      .map((_, i) => i)
      .filter((i) => i >= byShard.length)
      .map(key.shard),
    ...state.meta.chunks.filter((n) => !chunks.has(n)).map(key.chunk),
    ...extraDeletes,
  ];
  state.deleted.clear();
  state.deltaDocs.clear();
  state.deltaPostings.clear();
  state.deltaTerms.clear();
  state.baseTerms = new SortedTerms(terms);
  state.baseDf = new Map(terms.map((t, i) => [t, df[i] ?? 0]));
  // Postings go back to lazy loading: memory stays proportional to what queries touch.
  state.shards.clear();
  state.shardStarts = starts;
  state.meta.chunks = [...chunks.keys()];
  state.meta.compactedAt = now;
  puts.set(key.meta, state.encodeMeta());
  onProgress?.({ phase: 'writing', done: 0, total: puts.size });
  await store.write(puts, deletes);
  onProgress?.({ phase: 'writing', done: puts.size, total: puts.size });
}
