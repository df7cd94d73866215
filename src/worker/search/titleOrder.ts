import type { IndexState } from './indexState';

/**
 * Every live document's place in title order (`localeCompare`, the ranking's last tie-break), so
 * ranking compares two integers instead of two titles (docs/search.md, "Queries where every note
 * matches"). On the /mcp bench vault a query over a word every note holds ties hundreds of
 * documents on score, and their `localeCompare` calls were the largest part of its CPU time.
 *
 * Equal ranks mean `localeCompare` answers 0, so ordering by rank is ordering by title exactly.
 * Sorting every title (about 15 ms of CPU for 10,000 notes) is done once, in the index's
 * background warm-up, then kept up to date: an update gives a document a new number and leaves
 * the old one dead (numbers are never reused until compaction), so dead entries are dropped
 * without a comparison and new numbers placed by binary search (about 14 comparisons each). A
 * compaction (which renumbers) or another index state (refresh, rebuild) sorts again.
 */
export class TitleOrder {
  /** doc numbers in title order */
  private nos: number[] = [];
  /** eq[i]: localeCompare(title of nos[i-1], title of nos[i]) === 0 */
  private eq: boolean[] = [];
  private state: IndexState | null = null;
  private version = -1;
  private epoch = -1;
  /** doc numbers from here on were not placed yet */
  private placedUpTo = 0;
  private rank = new Int32Array(0);

  /** Sorts every live title of `state` (the costly step: run it in the background). */
  static build(state: IndexState): TitleOrder {
    const order = new TitleOrder();
    order.sortAll(state);
    order.fillRanks(state);
    return order;
  }

  /**
   * Ranks by doc number of `state`'s live documents: a < b in title order iff rank[a] < rank[b];
   * equal titles share a rank. Nothing to do when the index did not change since the last call.
   */
  ranks(state: IndexState): Int32Array {
    if (state === this.state && state.version === this.version) return this.rank;
    const added = state.meta.nextNo - this.placedUpTo;
    if (state !== this.state || state.epoch !== this.epoch || (added > 64 && added > this.nos.length / 4)) {
      this.sortAll(state);
    } else {
      this.dropDead(state);
      for (let no = this.placedUpTo; no < state.meta.nextNo; no++) if (state.docs[no]) this.insert(state, no);
      this.placedUpTo = state.meta.nextNo;
    }
    this.fillRanks(state);
    return this.rank;
  }

  private sortAll(state: IndexState): void {
    const title = (no: number) => state.docs[no]?.title ?? '';
    const nos: number[] = [];
    for (const d of state.liveDocs()) nos.push(d.no);
    nos.sort((a, b) => title(a).localeCompare(title(b)));
    this.nos = nos;
    this.eq = nos.map((no, i) => i > 0 && title(nos[i - 1] as number).localeCompare(title(no)) === 0);
    this.placedUpTo = state.meta.nextNo;
    this.epoch = state.epoch;
  }

  /**
   * Drops the numbers of removed (or replaced) documents. Equality chains over a dropped entry:
   * with a ≤ b ≤ c in collation order, a = c exactly when a = b and b = c.
   */
  private dropDead(state: IndexState): void {
    let write = 0;
    let chain = true;
    for (let read = 0; read < this.nos.length; read++) {
      const no = this.nos[read] as number;
      const eq = this.eq[read] as boolean;
      if (!state.docs[no]) {
        chain = chain && eq;
        continue;
      }
      this.nos[write] = no;
      this.eq[write] = write > 0 && chain && eq;
      write++;
      chain = true;
    }
    this.nos.length = write;
    this.eq.length = write;
  }

  /** After every entry whose title is ≤ the new one's; the next entry is then strictly greater. */
  private insert(state: IndexState, no: number): void {
    const title = state.docs[no]?.title ?? '';
    const at = (i: number) => state.docs[this.nos[i] as number]?.title ?? '';
    let lo = 0;
    let hi = this.nos.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (at(mid).localeCompare(title) <= 0) lo = mid + 1;
      else hi = mid;
    }
    const eq = lo > 0 && at(lo - 1).localeCompare(title) === 0;
    if (lo < this.nos.length) this.eq[lo] = false;
    this.nos.splice(lo, 0, no);
    this.eq.splice(lo, 0, eq);
  }

  private fillRanks(state: IndexState): void {
    if (this.rank.length < state.meta.nextNo)
      this.rank = new Int32Array(Math.max(state.meta.nextNo, this.rank.length * 2));
    let r = 0;
    for (let i = 0; i < this.nos.length; i++) {
      if (!this.eq[i]) r = i;
      this.rank[this.nos[i] as number] = r;
    }
    this.state = state;
    this.version = state.version;
  }
}
