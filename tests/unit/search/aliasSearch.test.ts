import { describe, expect, it } from 'vitest';
import type { NoteHeader } from '../../../src/worker/domain/notes/noteHeader';
import { aliasSearch } from '../../../src/worker/search/aliasSearch';

const note = (id: string, title: string, aliases?: string[]): NoteHeader => ({
  id,
  title,
  folder_path: 'Work',
  file_type: 'markdown',
  ...(aliases ? { aliases } : {}),
});

describe('aliasSearch', () => {
  const headers = [
    note('a', 'Project management', ['PM', 'Projektleitung']),
    note('b', 'Meeting notes', ['Standup']),
    note('c', 'No aliases'),
    { ...note('d', 'scan.pdf', ['PM scan']), file_type: 'pdf' as const },
  ];

  it('finds a note by an alias, naming the alias that matched', () => {
    expect(aliasSearch(headers, 'stand', 10)).toEqual([
      { id: 'b', title: 'Meeting notes', folder_path: 'Work', alias: 'Standup', score: expect.any(Number) },
    ]);
  });

  it('keeps the best alias of a note, accents and case ignored, files left out', () => {
    const hits = aliasSearch(headers, 'pm', 10);
    expect(hits.map((h) => [h.id, h.alias])).toEqual([['a', 'PM']]);
    expect(hits[0]!.score).toBe(100);
    expect(aliasSearch(headers, 'PROJEKTL', 10).map((h) => h.alias)).toEqual(['Projektleitung']);
  });

  it('finds nothing for an empty query or a miss', () => {
    expect(aliasSearch(headers, '  ', 10)).toEqual([]);
    expect(aliasSearch(headers, 'zzz', 10)).toEqual([]);
  });
});
