import { boundedDistance } from './fuzzy';

/**
 * A sorted set of terms with prefix and fuzzy lookups. The base dictionary is built once from
 * the stored, already sorted list; the delta dictionary changes with every update (binary-search
 * insert/remove, O(n) moves of a small array). Fuzzy lookups scan one first letter's range.
 */
export class SortedTerms {
  private terms: string[];

  constructor(sorted: string[] = []) {
    this.terms = sorted;
  }

  get size(): number {
    return this.terms.length;
  }

  all(): readonly string[] {
    return this.terms;
  }

  has(term: string): boolean {
    const i = this.lowerBound(term);
    return this.terms[i] === term;
  }

  insert(term: string): void {
    const i = this.lowerBound(term);
    if (this.terms[i] === term) return;
    this.terms.splice(i, 0, term);
  }

  clear(): void {
    this.terms = [];
  }

  remove(term: string): void {
    const i = this.lowerBound(term);
    if (this.terms[i] !== term) return;
    this.terms.splice(i, 1);
  }

  /** Terms starting with `prefix` (the prefix itself included), in order, at most `limit`. */
  withPrefix(prefix: string, limit: number): string[] {
    const out: string[] = [];
    for (let i = this.lowerBound(prefix); i < this.terms.length && out.length < limit; i++) {
      const t = this.terms[i] ?? '';
      if (!t.startsWith(prefix)) break;
      out.push(t);
    }
    return out;
  }

  /**
   * Terms within `max` edits of `term` that share its first character, with their distance.
   * Keeping the first character (Lucene's prefixLength 1) cuts the scan to one letter's range of
   * the sorted list; typos in the first letter are rare and still found by prefix matches.
   */
  near(term: string, max: number): Array<[string, number]> {
    if (max <= 0 || term === '') return [];
    const first = String.fromCodePoint(term.codePointAt(0) ?? 0);
    const out: Array<[string, number]> = [];
    const end = this.lowerBound(`${first}\uffff`);
    for (let i = this.lowerBound(first); i < end; i++) {
      const t = this.terms[i] ?? '';
      if (Math.abs(t.length - term.length) > max) continue;
      const d = boundedDistance(term, t, max);
      if (d <= max) out.push([t, d]);
    }
    return out;
  }

  private lowerBound(term: string): number {
    let lo = 0;
    let hi = this.terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.terms[mid] ?? '') < term) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
