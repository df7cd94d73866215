import { fuzzyBudget } from './fuzzy';
import type { IndexState } from './indexState';
import { FIELD_BOOST, FIELDS, type FieldName } from './searchTypes';

/**
 * Relevance (docs/search.md, "Ranking"): BM25F-style. For each query term, every indexed term it
 * expands to (exact; prefix for 3+ characters; fuzzy for 4+ characters not in the vault) scores idf × Σ over fields of boost × saturated tf, times the
 * expansion's weight; a document keeps the best expansion per query term. Documents must match
 * every query term; when none does, documents matching the most terms are returned instead.
 */
export interface Expansion {
  term: string;
  weight: number;
}

export interface ExpandOptions {
  prefix: boolean;
  fuzzy: boolean;
}

export interface Candidate {
  no: number;
  score: number;
  matchedTerms: number;
  /** bit f set when field FIELDS[f] matched */
  fields: number;
}

const K1 = 1.2;
const B = 0.75;
const PREFIX_MIN = 3;
/** Short prefixes expand to many common words: fewer expansions keep their cost bounded. */
const maxPrefixExpansions = (prefix: string) => (prefix.length <= 4 ? 8 : prefix.length === 5 ? 15 : 30);
/** Typo candidates scatter over the dictionary (and its shards): the closest, commonest few. */
const MAX_FUZZY_EXPANSIONS = 6;

export function expandTerm(state: IndexState, qt: string, options: ExpandOptions): Expansion[] {
  const out = new Map<string, number>();
  if (state.df(qt) > 0) out.set(qt, 1);
  if (options.prefix && qt.length >= PREFIX_MIN) {
    const found = [...state.baseTerms.withPrefix(qt, 400), ...state.deltaTerms.withPrefix(qt, 400)].filter(
      (t) => t !== qt,
    );
    // The closest completions first: a prefix that is most of the word counts most.
    const unique = [...new Set(found)].sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
    for (const t of unique.slice(0, maxPrefixExpansions(qt))) out.set(t, 0.5 + 0.4 * (qt.length / t.length));
  }
  // A word the vault contains is taken as meant: fuzzy matching is for words it does not contain
  // (typos), which also keeps the costlier scan off the common path.
  const budget = options.fuzzy && !out.has(qt) ? fuzzyBudget(qt) : 0;
  if (budget > 0) {
    const near = [...state.baseTerms.near(qt, budget), ...state.deltaTerms.near(qt, budget)]
      .filter(([t]) => !out.has(t))
      .sort((a, b) => a[1] - b[1] || state.df(b[0]) - state.df(a[0]));
    for (const [t, d] of near.slice(0, MAX_FUZZY_EXPANSIONS))
      if (!out.has(t)) out.set(t, d === 1 ? 0.45 : 0.3);
  }
  return [...out].map(([term, weight]) => ({ term, weight }));
}

/**
 * Scratch buffers of the scoring loop, kept between queries: a query over a common word touches
 * most of the vault, and allocating its slots (and an object per document) each time made the
 * garbage collector's pauses the slowest part of a query. Queries run one at a time (the index's
 * queue) and the loop is synchronous, so one set serves every index of this thread.
 */
const scratch = {
  per: new Float64Array(0),
  mask: new Uint8Array(0),
  touched: new Int32Array(0),
  matched: new Uint16Array(0),
};
function scratchFor(slots: number, size: number) {
  if (scratch.per.length < slots) scratch.per = new Float64Array(Math.max(slots, scratch.per.length * 2));
  if (scratch.mask.length < size) {
    scratch.mask = new Uint8Array(Math.max(size, scratch.mask.length * 2));
    scratch.touched = new Int32Array(scratch.mask.length);
    scratch.matched = new Uint16Array(scratch.mask.length);
  }
  return scratch;
}

/**
 * The `limit` best documents matching at least one expansion: most query terms matched, then
 * score, then title A→Z. Tight loops over flat typed arrays: per-document length norms computed
 * once per index version, one score slot per (document, query term), a bit mask of matched
 * fields per document; objects only for the documents returned. When some document matches every
 * query term, only those qualify. Matched terms are worked out later, only for the documents
 * shown (`matchedTerms`). `titleRanks` (TitleOrder), when given, breaks ties on score by integer
 * instead of `localeCompare`: the same order, without a collator call per tied document.
 */
export function rankDocuments(
  state: IndexState,
  expansions: readonly Expansion[][],
  accept: Uint8Array | null,
  limit: number,
  titleRanks: Int32Array | null = null,
): Candidate[] {
  const n = Math.max(1, state.documentCount);
  const nq = expansions.length;
  const size = state.meta.nextNo;
  const norms = lengthNorms(state);
  const { per, mask, touched, matched: matchedOf } = scratchFor(nq * size, size);
  let touchedCount = 0;
  const boost = new Float64Array(FIELDS.map((f) => FIELD_BOOST[f]));
  const boost0 = boost[0] as number;
  const deleted = state.deleted.size > 0 ? state.deleted : null;
  for (let qi = 0; qi < nq; qi++) {
    for (const { term, weight } of expansions[qi] ?? []) {
      // Tombstoned documents still count in base frequencies until compaction: capping df at n
      // keeps idf positive, so every occurrence scores above zero and counts as a match.
      const df = Math.min(state.df(term), n);
      if (df === 0) continue;
      const w = Math.log(1 + (n - df + 0.5) / (df + 0.5)) * weight * (K1 + 1);
      const lists: number[][] = [];
      const base = state.basePostings(term);
      if (base) lists.push(base);
      const delta = state.deltaPostings.get(term);
      if (delta) lists.push([...delta].flat());
      for (const list of lists) {
        for (let i = 0; i < list.length; i += 2) {
          const no = list[i] as number;
          if ((accept !== null && accept[no] === 0) || deleted?.has(no)) continue;
          let rest = list[i + 1] as number;
          let s = 0;
          let m = 0;
          // A body-only posting (FIELDS puts the body first, so it packs below 256) is most of
          // them: the same sum without the field loop.
          if (rest > 0 && rest < 256) {
            s = (boost0 * rest) / (rest + (norms[no * 4] as number));
            m = 1;
            rest = 0;
          }
          for (let f = 0; rest > 0; f++) {
            const tf = rest % 256;
            rest = (rest - tf) / 256;
            if (tf === 0) continue;
            s += ((boost[f] as number) * tf) / (tf + (norms[no * 4 + f] as number));
            m |= 1 << f;
          }
          if (mask[no] === 0) touched[touchedCount++] = no;
          mask[no] = (mask[no] as number) | m;
          const slot = no * nq + qi;
          s *= w;
          if (s > (per[slot] as number)) per[slot] = s;
        }
      }
    }
  }
  // Totals per touched document, written over its first slot; the other slots are cleared for
  // the next query as they are read.
  let complete = 0;
  for (let t = 0; t < touchedCount; t++) {
    const no = touched[t] as number;
    let total = 0;
    let matched = 0;
    for (let qi = 0; qi < nq; qi++) {
      const v = per[no * nq + qi] as number;
      per[no * nq + qi] = 0;
      total += v;
      if (v > 0) matched++;
    }
    if (matched === nq) complete++;
    per[no * nq] = total;
    matchedOf[t] = matched;
  }
  const onlyComplete = complete > 0 && complete < touchedCount;
  const top: Candidate[] = [];
  const title = (no: number) => state.docs[no]?.title ?? '';
  const better = (no: number, matched: number, score: number, b: Candidate) =>
    matched !== b.matchedTerms
      ? matched > b.matchedTerms
      : score !== b.score
        ? score > b.score
        : titleRanks !== null
          ? (titleRanks[no] as number) < (titleRanks[b.no] as number)
          : title(no).localeCompare(title(b.no)) < 0;
  for (let t = 0; t < touchedCount; t++) {
    const no = touched[t] as number;
    const matched = matchedOf[t] as number;
    const score = per[no * nq] as number;
    per[no * nq] = 0;
    const fields = mask[no] as number;
    mask[no] = 0;
    if (onlyComplete && matched !== nq) continue;
    // Insertion into a short sorted list: O(n) for the usual case where most candidates lose,
    // most of them on the numbers alone.
    const last = top[top.length - 1];
    if (top.length >= limit && last) {
      if (matched < last.matchedTerms || (matched === last.matchedTerms && score < last.score)) continue;
      if (!better(no, matched, score, last)) continue;
    }
    let i = top.length;
    while (i > 0 && better(no, matched, score, top[i - 1] as Candidate)) i--;
    top.splice(i, 0, { no, score, matchedTerms: matched, fields });
    if (top.length > limit) top.pop();
  }
  return top;
}

const normCache = new WeakMap<IndexState, { version: number; norms: Float64Array }>();

/** K1 × (1 − B + B × length / average length) for every document and field, cached per version. */
function lengthNorms(state: IndexState): Float64Array {
  const cached = normCache.get(state);
  if (cached && cached.version === state.version) return cached.norms;
  const n = Math.max(1, state.documentCount);
  const norms = new Float64Array(state.meta.nextNo * 4);
  const avg = FIELDS.map((_, f) => Math.max(1, (state.totals[f] ?? 0) / n));
  for (const d of state.liveDocs()) {
    for (let f = 0; f < 4; f++)
      norms[d.no * 4 + f] = K1 * (1 - B + (B * (d.lengths[f] ?? 0)) / (avg[f] ?? 1));
  }
  normCache.set(state, { version: state.version, norms });
  return norms;
}

/** Which expansion terms a shown document contains (for its snippet and `terms`). */
export function matchedTerms(state: IndexState, expansions: readonly Expansion[][], no: number): Set<string> {
  const out = new Set<string>();
  for (const list of expansions) for (const { term } of list) if (state.contains(term, no)) out.add(term);
  return out;
}

/** Names of the fields in a candidate's mask, in FIELDS order. */
export function fieldNames(mask: number): FieldName[] {
  return FIELDS.filter((_, f) => (mask & (1 << f)) !== 0);
}
