import { describe, expect, it } from 'vitest';
import { heatLabel, heatLevel, heatmapWeeks } from '../../../src/worker/domain/journal/heatmapGrid';

describe('heatmapWeeks', () => {
  it('lays a year out Monday first, every day once, leap years included', () => {
    const weeks = heatmapWeeks(2024, { '2024-02-29': 120, '2024-01-01': 3 });
    const cells = weeks.flat().filter((c) => c !== null);
    expect(cells).toHaveLength(366);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    // 1 January 2024 was a Monday: no leading blanks.
    expect(weeks[0]![0]).toMatchObject({ date: '2024-01-01', hasEntry: true, level: 1 });
    expect(cells.find((c) => c.date === '2024-02-29')).toMatchObject({ words: 120, level: 2 });
    // 2026 starts on a Thursday: three blanks before it.
    const w2026 = heatmapWeeks(2026, {});
    expect(w2026[0]!.slice(0, 4).map((c) => c?.date ?? null)).toEqual([null, null, null, '2026-01-01']);
    expect(w2026.flat().filter((c) => c !== null)).toHaveLength(365);
  });

  it('shades by words and labels each day with its date and count', () => {
    expect([undefined, 0, 50, 51, 200, 500, 501].map(heatLevel)).toEqual([0, 1, 1, 2, 2, 3, 4]);
    expect(heatLabel({ date: '2026-11-21', words: 1, hasEntry: true, level: 1 })).toBe(
      '2026-11-21: 1 entry, 1 word',
    );
    expect(heatLabel({ date: '2026-11-22', words: 0, hasEntry: false, level: 0 })).toBe(
      '2026-11-22: no entry',
    );
  });
});
