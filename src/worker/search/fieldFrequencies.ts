import type { SearchDoc } from './searchTypes';
import { termFrequencies } from './tokenize';

/**
 * A document's term frequencies per field, packed into one number per term: one byte per field
 * (body, title, extra, reasons), each capped at 255 (BM25 saturates long before). Arithmetic, not
 * bit operations, because the packed value can exceed 2^31. Field order is FIELDS' order.
 */
export type FieldLengths = [number, number, number, number];

const BYTE = 256;

export function packTf(tf: readonly number[]): number {
  let packed = 0;
  for (let f = 3; f >= 0; f--) packed = packed * BYTE + Math.min(tf[f] ?? 0, BYTE - 1);
  return packed;
}

export function unpackTf(packed: number, field: number): number {
  return Math.floor(packed / BYTE ** field) % BYTE;
}

export function docFrequencies(doc: SearchDoc): { terms: Map<string, number>; lengths: FieldLengths } {
  const texts = [doc.body, doc.title, (doc.extra ?? []).join('\n'), (doc.reasons ?? []).join('\n')];
  const perField = texts.map((t) => termFrequencies(t));
  const lengths = perField.map((m) => {
    let n = 0;
    for (const c of m.values()) n += c;
    return n;
  }) as FieldLengths;
  const all = new Set<string>();
  for (const m of perField) for (const t of m.keys()) all.add(t);
  const terms = new Map<string, number>();
  for (const t of all) terms.set(t, packTf(perField.map((m) => m.get(t) ?? 0)));
  return { terms, lengths };
}
