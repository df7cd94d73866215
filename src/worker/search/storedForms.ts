import type { FieldLengths } from './fieldFrequencies';
import { FILE_TYPES, type FileType } from './searchTypes';

/**
 * How the index is laid out in the SearchStore (docs/search.md, "Storage layout"). Every value is
 * JSON text. Keys:
 *   meta           IndexMeta: counters, the delta and tombstone lists, shard and chunk keys
 *   dict           the base dictionary: sorted terms (joined by \n), their document frequency,
 *                  and the first term of each postings shard (written only with the base)
 *   p:<i>          base postings shard i: the terms from the i-th shard start up to the next
 *   d:<n>          base document metadata for doc numbers n*512 .. n*512+511
 *   u:<docNo>      one document added since the last compaction: its metadata and packed tfs
 * Changing any of these forms needs a new FORMAT_VERSION; an index of another version is rebuilt.
 */
export const FORMAT_VERSION = 1;
export const DOC_CHUNK = 512;

export interface DocMeta {
  no: number;
  id: string;
  title: string;
  folder_path: string;
  file_type: FileType;
  lengths: FieldLengths;
}

export interface IndexMeta {
  version: number;
  nextNo: number;
  /** base doc numbers deleted or replaced since the last compaction */
  deleted: number[];
  /** doc numbers held as u:<no> records */
  delta: number[];
  chunks: number[];
  builtAt: number | null;
  compactedAt: number | null;
}

type DocRow = [number, string, string, string, number, number, number, number, number];

export function encodeDoc(d: DocMeta): DocRow {
  return [d.no, d.id, d.title, d.folder_path, FILE_TYPES.indexOf(d.file_type), ...d.lengths];
}

export function decodeDoc(row: DocRow): DocMeta {
  const [no, id, title, folder_path, ft, l0, l1, l2, l3] = row;
  return { no, id, title, folder_path, file_type: FILE_TYPES[ft] ?? 'markdown', lengths: [l0, l1, l2, l3] };
}

export function encodeDocChunk(docs: readonly DocMeta[]): string {
  return JSON.stringify(docs.map(encodeDoc));
}

export function decodeDocChunk(text: string): DocMeta[] {
  return (JSON.parse(text) as DocRow[]).map(decodeDoc);
}

/** Postings of one shard: doc numbers ascending, stored as gaps, each followed by its packed tf. */
export function encodeShard(
  terms: readonly string[],
  postings: ReadonlyMap<string, readonly number[]>,
): string {
  const p = terms.map((t) => {
    const flat = postings.get(t) ?? [];
    const out = new Array<number>(flat.length);
    let prev = 0;
    for (let i = 0; i < flat.length; i += 2) {
      out[i] = (flat[i] ?? 0) - prev;
      out[i + 1] = flat[i + 1] ?? 0;
      prev = flat[i] ?? 0;
    }
    return out;
  });
  return JSON.stringify({ t: terms, p });
}

export function decodeShard(text: string): Map<string, number[]> {
  const { t, p } = JSON.parse(text) as { t: string[]; p: number[][] };
  const out = new Map<string, number[]>();
  t.forEach((term, k) => {
    const gaps = p[k] ?? [];
    let prev = 0;
    for (let i = 0; i < gaps.length; i += 2) {
      prev += gaps[i] ?? 0;
      gaps[i] = prev;
    }
    out.set(term, gaps);
  });
  return out;
}

export function encodeDict(
  terms: readonly string[],
  df: readonly number[],
  shardStarts: readonly string[],
): string {
  return JSON.stringify({ t: terms.join('\n'), d: df, s: shardStarts });
}

export function decodeDict(text: string): { terms: string[]; df: number[]; shardStarts: string[] } {
  const { t, d, s } = JSON.parse(text) as { t: string; d: number[]; s: string[] };
  return { terms: t === '' ? [] : t.split('\n'), df: d, shardStarts: s };
}

export function encodeDeltaDoc(meta: DocMeta, terms: ReadonlyMap<string, number>): string {
  return JSON.stringify({ m: encodeDoc(meta), t: [...terms.keys()], f: [...terms.values()] });
}

export function decodeDeltaDoc(text: string): { meta: DocMeta; terms: Map<string, number> } {
  const { m, t, f } = JSON.parse(text) as { m: DocRow; t: string[]; f: number[] };
  return { meta: decodeDoc(m), terms: new Map(t.map((term, i) => [term, f[i] ?? 0])) };
}

/** Shards are cut at about this many characters, so loading one costs well under a millisecond. */
export const SHARD_TARGET_CHARS = 24_000;

/** Index of the shard whose range holds `term`, given the shards' first terms. */
export function shardIndex(starts: readonly string[], term: string): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? '') <= term) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export const key = {
  meta: 'meta',
  dict: 'dict',
  shard: (i: number) => `p:${i}`,
  chunk: (n: number) => `d:${n}`,
  delta: (no: number) => `u:${no}`,
};
