import type { IndexState } from './indexState';

/**
 * Every live document's place in title order (`localeCompare`, the ranking's last tie-break), so
 * ranking compares two integers instead of two titles (docs/search.md, "Queries where every note
 * matches"). On the /mcp bench vault a query over a word every note holds ties hundreds of
 * documents on score, and their `localeCompare` calls were the largest part of its CPU time.
 *
 * Equal ranks mean `localeCompare` answers 0, so ordering by rank is ordering by title exactly.
 * Sorting every title costs about 130,000 comparisons for 10,000 notes, so it is done once, in
 * the index's background warm-up, and then kept up to date by id: when the index changes, entries
 * whose document is gone or retitled are dropped (no comparison) and new or retitled documents
 * are placed by binary search (about 14 comparisons each). Doc numbers may change (compaction
 * renumbers); ids and titles do not, which is why entries hold them.
 */
interface Entry {
  id: string;
  title: string;
  /** localeCompare(previous entry's title, this title) === 0 */
  eqPrev: boolean;
}

export class TitleOrder {
  private entries: Entry[] = [];
  private state: IndexState | null = null;
  private version = -1;
  private rank = new Int32Array(0);

  /** Sorts every live title of `state` (the costly step: run it in the background). */
  static build(state: IndexState): TitleOrder {
    const order = new TitleOrder();
    order.entries = sortAll(state);
    order.fillRanks(state);
    return order;
  }

  /**
   * Ranks by doc number of `state`'s live documents: a < b in title order iff rank[a] < rank[b];
   * equal titles share a rank. Cheap when nothing changed since the last call.
   */
  ranks(state: IndexState): Int32Array {
    if (state === this.state && state.version === this.version) return this.rank;
    this.dropStale(state);
    const placed = new Set(this.entries.map((e) => e.id));
    const missing = [...state.liveDocs()].filter((d) => !placed.has(d.id));
    if (missing.length > 64 && missing.length > this.entries.length / 4) {
      // A rebuilt or reloaded index: sorting all is cheaper than thousands of inserts.
      this.entries = sortAll(state);
    } else {
      for (const d of missing) this.insert(d.id, d.title);
    }
    this.fillRanks(state);
    return this.rank;
  }

  /**
   * Keeps the entries of live documents with their current title, one per id. Equality chains
   * over a dropped entry: with a ≤ b ≤ c in collation order, a = c exactly when a = b and b = c.
   */
  private dropStale(state: IndexState): void {
    const kept: Entry[] = [];
    const seen = new Set<string>();
    let chain = true;
    for (const e of this.entries) {
      const no = state.byId.get(e.id);
      if (no === undefined || state.docs[no]?.title !== e.title || seen.has(e.id)) {
        chain = chain && e.eqPrev;
        continue;
      }
      seen.add(e.id);
      kept.push({ id: e.id, title: e.title, eqPrev: kept.length > 0 && chain && e.eqPrev });
      chain = true;
    }
    this.entries = kept;
  }

  /** After every entry whose title is ≤ `title`; the next entry is then strictly greater. */
  private insert(id: string, title: string): void {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.entries[mid] as Entry).title.localeCompare(title) <= 0) lo = mid + 1;
      else hi = mid;
    }
    const before = this.entries[lo - 1];
    const eqPrev = before !== undefined && before.title.localeCompare(title) === 0;
    const after = this.entries[lo];
    if (after) after.eqPrev = false;
    this.entries.splice(lo, 0, { id, title, eqPrev });
  }

  private fillRanks(state: IndexState): void {
    if (this.rank.length < state.meta.nextNo) this.rank = new Int32Array(state.meta.nextNo);
    let r = 0;
    this.entries.forEach((e, i) => {
      if (!e.eqPrev) r = i;
      const no = state.byId.get(e.id);
      if (no !== undefined) this.rank[no] = r;
    });
    this.state = state;
    this.version = state.version;
  }
}

function sortAll(state: IndexState): Entry[] {
  const entries: Entry[] = [];
  for (const d of state.liveDocs()) entries.push({ id: d.id, title: d.title, eqPrev: false });
  entries.sort((a, b) => a.title.localeCompare(b.title));
  for (let i = 1; i < entries.length; i++) {
    const e = entries[i] as Entry;
    e.eqPrev = (entries[i - 1] as Entry).title.localeCompare(e.title) === 0;
  }
  return entries;
}
