import { describe, expect, it } from 'vitest';
import { versionDiff } from '../../../../src/ui/notes/versionDiff';

describe('versionDiff', () => {
  it('lists removed and added lines and counts them', () => {
    const d = versionDiff('a\nb\nc\n', 'a\nB\nc\nd\n');
    expect(d.runs.map((r) => [r.kind, r.lines])).toEqual([
      ['same', ['a']],
      ['removed', ['b']],
      ['added', ['B']],
      ['same', ['c']],
      ['added', ['d']],
    ]);
    expect([d.added, d.removed]).toEqual([2, 1]);
  });

  it('folds long unchanged runs to two lines of context on each side of a change', () => {
    const many = Array.from({ length: 20 }, (_, i) => `line ${i}`);
    const d = versionDiff([...many, 'old'].join('\n'), [...many, 'new'].join('\n'));
    expect(d.runs.slice(0, 2)).toEqual([
      { kind: 'fold', lines: [], hidden: 18 },
      { kind: 'same', lines: ['line 18', 'line 19'], hidden: 0 },
    ]);
    const mid = versionDiff(['x', ...many, 'y'].join('\n'), ['X', ...many, 'Y'].join('\n'));
    expect(mid.runs.map((r) => [r.kind, r.lines.length, r.hidden])).toEqual([
      ['removed', 1, 0],
      ['added', 1, 0],
      ['same', 2, 0],
      ['fold', 0, 16],
      ['same', 2, 0],
      ['removed', 1, 0],
      ['added', 1, 0],
    ]);
  });

  it('a last line without a line break is not reported as changed', () => {
    const d = versionDiff('a\nb\nc', 'a\nB\nc\nd');
    expect(d.runs.map((r) => [r.kind, r.lines])).toEqual([
      ['same', ['a']],
      ['removed', ['b']],
      ['added', ['B']],
      ['same', ['c']],
      ['added', ['d']],
    ]);
  });

  it('an unchanged text has no changes', () => {
    expect(versionDiff('same\n', 'same\n')).toMatchObject({ added: 0, removed: 0 });
  });
});
