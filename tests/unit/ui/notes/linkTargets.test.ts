import { describe, expect, it } from 'vitest';
import { candidateText, mergeLinkHits } from '../../../../src/ui/notes/livePreview/linkTargets';

const hit = (id: string, title: string, score: number) => ({ id, title, folder_path: '', score });

describe('mergeLinkHits', () => {
  it('ranks alias hits among title hits by score', () => {
    const merged = mergeLinkHits(
      [hit('t', 'Pumpkin mash', 15)],
      [{ ...hit('a', 'Project management', 100), alias: 'PM' }],
      10,
    );
    expect(merged).toEqual([
      { title: 'Project management', folder: '', alias: 'PM' },
      { title: 'Pumpkin mash', folder: '' },
    ]);
  });

  it('lists a note found both ways once, by the better match (the title on a tie)', () => {
    expect(
      mergeLinkHits([hit('a', 'Plan', 80)], [{ ...hit('a', 'Plan', 80), alias: 'Planning' }], 10),
    ).toEqual([{ title: 'Plan', folder: '' }]);
    expect(
      mergeLinkHits([hit('a', 'Plan', 20)], [{ ...hit('a', 'Plan', 90), alias: 'Roadmap' }], 10),
    ).toEqual([{ title: 'Plan', folder: '', alias: 'Roadmap' }]);
  });

  it('cuts at the limit', () => {
    expect(mergeLinkHits([hit('a', 'A', 3), hit('b', 'B', 2), hit('c', 'C', 1)], [], 2)).toHaveLength(2);
  });
});

describe('candidateText', () => {
  it('writes Title, or Title|alias for a note found by an alias', () => {
    expect(candidateText({ title: 'Plan', folder: '' })).toBe('Plan');
    expect(candidateText({ title: 'Project management', folder: '', alias: 'PM' })).toBe(
      'Project management|PM',
    );
  });
});
