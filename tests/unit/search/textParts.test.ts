import { describe, expect, it } from 'vitest';
import { packTf, unpackTf } from '../../../src/worker/search/fieldFrequencies';
import { boundedDistance } from '../../../src/worker/search/fuzzy';
import { escapeSnippetText, makeSnippet } from '../../../src/worker/search/snippet';
import { SortedTerms } from '../../../src/worker/search/sortedTerms';
import { decodeShard, encodeShard } from '../../../src/worker/search/storedForms';
import { forEachTokenSpan, tokenize } from '../../../src/worker/search/tokenize';

describe('tokenize', () => {
  it('folds case and accents, drops apostrophes, splits CJK per character', () => {
    expect(tokenize("Über-Café it's 日本 x\u0308y")).toEqual(['uber', 'cafe', 'its', '日', '本', 'xy']);
    expect(tokenize(`${'a'.repeat(41)} ok`)).toEqual(['ok']);
  });

  it('gives snippets the same tokens, with offsets into the original', () => {
    for (const text of ["Über-Café it's 日本", "plain ASCII, it's fine"]) {
      const spans: string[] = [];
      forEachTokenSpan(text, 1e9, (t, s, e) => {
        spans.push(t);
        expect(text.slice(s, e).length).toBe(e - s);
      });
      expect(spans).toEqual(tokenize(text));
    }
  });
});

describe('parts', () => {
  it('packs four field frequencies and caps them at 255', () => {
    const p = packTf([3, 0, 300, 1]);
    expect([0, 1, 2, 3].map((f) => unpackTf(p, f))).toEqual([3, 0, 255, 1]);
    expect(packTf([1, 0, 0, 0])).toBe(1);
  });

  it('bounds the edit distance', () => {
    expect(boundedDistance('kitten', 'sitting', 3)).toBe(3);
    expect(boundedDistance('kitten', 'sitting', 2)).toBe(3);
    expect(boundedDistance('abc', 'abc', 1)).toBe(0);
    expect(boundedDistance('hotkyes', 'hotkeys', 1)).toBe(1); // a swap of neighbours is one edit
    expect(boundedDistance('ab', 'ba', 1)).toBe(1);
    expect(boundedDistance('abc', 'ca', 3)).toBe(3); // optimal string alignment, not full Damerau
    expect(boundedDistance('a'.repeat(70), `${'a'.repeat(69)}b`, 1)).toBe(1);
  });

  it('keeps a sorted term set with prefix and same-first-letter fuzzy lookups', () => {
    const terms = new SortedTerms(['apple', 'apply', 'banana', 'band']);
    terms.insert('bandit');
    terms.remove('apply');
    expect(terms.withPrefix('ban', 10)).toEqual(['banana', 'band', 'bandit']);
    expect(terms.near('bend', 1)).toEqual([['band', 1]]);
    expect(terms.near('aple', 1)).toEqual([['apple', 1]]);
    expect(terms.has('apply')).toBe(false);
  });

  it('round-trips a postings shard (gap-encoded doc numbers)', () => {
    const postings = new Map([
      ['ab', [3, 1, 10, 257, 11, 2]],
      ['abc', [0, 5]],
    ]);
    expect(decodeShard(encodeShard(['ab', 'abc'], postings))).toEqual(postings);
  });
});

describe('makeSnippet', () => {
  it('picks the window with the most distinct terms', () => {
    const body = `alpha here. ${'x '.repeat(200)} alpha beta together. ${'y '.repeat(200)}`;
    const s = makeSnippet({ body, extra: [] }, new Set(['alpha', 'beta']), { width: 60 });
    expect(s).toContain('<mark>alpha</mark> <mark>beta</mark> together.');
    expect(s.startsWith('…')).toBe(true);
  });

  it('marks accented and decomposed spellings and whole tokens only, in non-ASCII text', () => {
    const body = '“Café” and cafe\u0301 and cafeteria, it’s a CAFE; it’s fine';
    const s = makeSnippet({ body, extra: [] }, new Set(['cafe', 'its']));
    expect(s).toBe(
      '“<mark>Café</mark>” and <mark>cafe\u0301</mark> and cafeteria, <mark>it’s</mark> a <mark>CAFE</mark>; <mark>it’s</mark> fine',
    );
  });

  it('falls back to the start of the text when nothing matches', () => {
    expect(makeSnippet({ body: 'Short <b>note</b>\n\nbody', extra: [] }, new Set(['zzz']))).toBe(
      'Short &lt;b&gt;note&lt;/b&gt; body',
    );
    expect(escapeSnippetText('a & b')).toBe('a &amp; b');
  });
});
