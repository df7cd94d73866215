import { describe, expect, it } from 'vitest';
import { mergeRows } from '../../../src/worker/sync/recordMerge';

// Issue 7 part 3: whole-record types merge by the larger tick sum (tie: the remote write), a
// note's `attachmentReferences` as a union when the versions are concurrent, and a journal entry
// keeps its local body mirror (the bodies merge as Yjs documents).
const note = (title: string, refs: string[]) => ({ id: 'n1', title, attachmentReferences: refs });

describe('mergeRows (spec 2.3) for whole-record types', () => {
  it('takes the larger tick sum, and the remote write on a tie', () => {
    const larger = mergeRows(
      'tag_definition',
      { id: 't', color: 'red' },
      { a: 3 },
      { id: 't', color: 'blue' },
      { b: 2 },
    );
    expect(larger.row.color).toBe('red');
    expect(larger.clock).toEqual({ a: 3, b: 2 });
    const tie = mergeRows(
      'tag_definition',
      { id: 't', color: 'red' },
      { a: 2 },
      { id: 't', color: 'blue' },
      { b: 2 },
    );
    expect(tie.row.color).toBe('blue');
  });

  it('unites the attachment references of concurrent note versions', () => {
    const m = mergeRows(
      'note',
      note('Local', ['b.png', 'a.pdf']),
      { a: 2 },
      note('Remote', ['c.png', 'a.pdf']),
      { b: 1 },
    );
    expect(m.row.title).toBe('Local'); // larger tick sum
    expect(m.row.attachmentReferences).toEqual(['a.pdf', 'b.png', 'c.png']);
  });

  it('lets a dominating version’s removals stand (no union)', () => {
    const m = mergeRows('note', note('Old', ['a.pdf', 'gone.png']), { a: 1 }, note('New', ['a.pdf']), {
      a: 1,
      b: 1,
    });
    expect(m.row.attachmentReferences).toEqual(['a.pdf']);
  });

  it('keeps the local body mirror of a journal entry whichever side wins', () => {
    const local = {
      id: 'j',
      date: '2026-11-22',
      markdown: 'local body',
      tags: ['x'],
      wordCount: 2,
      mood: 'ok',
    };
    const remote = {
      id: 'j',
      date: '2026-11-22',
      markdown: 'remote body',
      tags: [],
      wordCount: 2,
      mood: 'great',
    };
    const m = mergeRows('journal', local, { a: 1 }, remote, { b: 5 });
    expect(m.row).toMatchObject({ markdown: 'local body', tags: ['x'], mood: 'great' });
  });
});
