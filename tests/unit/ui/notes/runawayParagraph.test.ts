import { describe, expect, it } from 'vitest';
import { hasRunawayParagraph } from '../../../../src/ui/notes/runawayParagraph';

const line = 'A line of prose that goes on for a while, as pasted text does.\n';

describe('hasRunawayParagraph', () => {
  it('finds one paragraph of many single-broken lines longer than the limit', () => {
    expect(hasRunawayParagraph(`# Title\n${line.repeat(2000)}`, 100_000)).toBe(true);
    expect(hasRunawayParagraph('x'.repeat(100_001), 100_000)).toBe(true);
  });

  it('lets a long note of ordinary paragraphs, lists, quotes and code through', () => {
    const para = `${line.repeat(5)}\n`;
    expect(hasRunawayParagraph(para.repeat(500), 100_000)).toBe(false);
    expect(hasRunawayParagraph(`- ${line}`.repeat(2000), 100_000)).toBe(false);
    expect(hasRunawayParagraph(`1. ${line}`.repeat(2000), 100_000)).toBe(false);
    expect(hasRunawayParagraph(`> ${line}`.repeat(2000), 100_000)).toBe(false);
    expect(hasRunawayParagraph(`    code ${line}`.repeat(2000), 100_000)).toBe(false);
    expect(hasRunawayParagraph(`## h\n${line.repeat(100)}`.repeat(30), 100_000)).toBe(false);
  });

  it('counts a paragraph just at the limit as fine', () => {
    const text = `${'y'.repeat(99_999)}\n\n${'z'.repeat(99_999)}`;
    expect(hasRunawayParagraph(text, 100_000)).toBe(false);
  });
});
