import { describe, expect, it } from 'vitest';
import { fitLongEdge, MAX_LONG_EDGE, pdfScale } from '../../../../src/worker/tools/view/fitLongEdge';
import { chooseFormat, PNG_LIMIT_BYTES } from '../../../../src/worker/tools/view/imageFormat';

describe('fitLongEdge', () => {
  it('keeps a picture within the limit as it is (never scales up)', () => {
    expect(fitLongEdge({ width: 800, height: 600 })).toEqual({ width: 800, height: 600 });
    expect(fitLongEdge({ width: 1568, height: 10 })).toEqual({ width: 1568, height: 10 });
  });

  it('scales a larger picture down to a long edge of exactly 1568 px, keeping the ratio', () => {
    expect(fitLongEdge({ width: 4000, height: 3000 })).toEqual({ width: 1568, height: 1176 });
    expect(fitLongEdge({ width: 3000, height: 4000 })).toEqual({ width: 1176, height: 1568 });
    expect(fitLongEdge({ width: 1569, height: 1569 })).toEqual({ width: 1568, height: 1568 });
  });

  it('never lets a side round to 0 or past the limit', () => {
    expect(fitLongEdge({ width: 100_000, height: 1 })).toEqual({ width: 1568, height: 1 });
    for (let w = 1560; w < 1600; w++) {
      const s = fitLongEdge({ width: w, height: 997 });
      expect(Math.max(s.width, s.height)).toBeLessThanOrEqual(MAX_LONG_EDGE);
    }
  });

  it('renders a PDF page with its long edge at the limit (a US Letter page at about 1.98)', () => {
    expect(pdfScale({ width: 612, height: 792 })).toBeCloseTo(1568 / 792, 10);
    expect(pdfScale({ width: 2000, height: 1000 })).toBeCloseTo(0.784, 10);
  });
});

describe('chooseFormat', () => {
  it('is PNG up to the limit and JPEG past it', () => {
    expect(chooseFormat(1)).toBe('image/png');
    expect(chooseFormat(PNG_LIMIT_BYTES)).toBe('image/png');
    expect(chooseFormat(PNG_LIMIT_BYTES + 1)).toBe('image/jpeg');
  });
});
