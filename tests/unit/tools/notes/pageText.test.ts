import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageText } from '../../../../src/worker/tools/notes/pageText';
import { utf8Length } from '../../../../src/worker/tools/reply/jsonBytes';

describe('pageText', () => {
  it('keeps a short text as one page, and an empty one as one empty page', () => {
    expect(pageText('hello')).toEqual(['hello']);
    expect(pageText('')).toEqual(['']);
  });

  it('ends pages on line breaks when one is near the limit', () => {
    const line = `${'x'.repeat(99)}\n`;
    const pages = pageText(line.repeat(3000));
    expect(pages.length).toBe(3);
    for (const page of pages.slice(0, -1)) {
      expect(page.endsWith('\n')).toBe(true);
      expect(utf8Length(page)).toBeLessThanOrEqual(100 * 1024);
    }
  });

  it('rejoins to the text, every page within the limit, never splitting a surrogate pair', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 500 }),
        fc.integer({ min: 8, max: 400 }),
        (text, max) => {
          const pages = pageText(text, max);
          expect(pages.join('')).toBe(text);
          for (const page of pages) {
            expect(utf8Length(page)).toBeLessThanOrEqual(max);
            if (page.length > 0)
              expect(/[\uD800-\uDBFF]$/.test(page) && text.length > page.length).toBe(false);
          }
        },
      ),
      { numRuns: 60 },
    );
    // 60 runs take well under a second alone; a loaded shared machine can stretch that past 5 s.
  }, 30_000);
});
