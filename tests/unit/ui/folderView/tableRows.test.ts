import { describe, expect, it } from 'vitest';
import {
  cellText,
  coerceLike,
  type FolderNote,
  filterRows,
  propertyValue,
  sortRows,
} from '../../../../src/ui/folderView/tableRows';

const row = (
  id: string,
  title: string,
  properties: Record<string, unknown>,
  modified = '2026-01-01T00:00:00.000Z',
): FolderNote => ({
  id,
  path: `${title}.md`,
  title,
  folder: '',
  created: '2026-01-01T00:00:00.000Z',
  modified,
  tags: [],
  wordCount: 0,
  snippet: null,
  emoji: null,
  localOnly: false,
  fileType: 'markdown',
  mimeType: null,
  fileSize: null,
  properties,
});

const rows = [
  row('a', 'Alpha', { Status: 'Done', priority: 2 }, '2026-03-01T00:00:00.000Z'),
  row('b', 'beta', { status: 'Blocked', priority: 10 }, '2026-01-01T00:00:00.000Z'),
  row('c', 'Gamma', { priority: null }, '2026-02-01T00:00:00.000Z'),
  row('d', 'Delta', { status: 'Active', priority: 1, tags: ['x', 'y'] }),
];

describe('folder table rows', () => {
  it('reads a property under any letter case of its key', () => {
    expect(propertyValue(rows[0]!, 'status')).toBe('Done');
    expect(propertyValue(rows[1]!, 'Status')).toBe('Blocked');
    expect(propertyValue(rows[2]!, 'status')).toBeUndefined();
    expect(propertyValue(rows[0]!, 'title')).toBe('Alpha');
  });

  it('sorts numbers as numbers, empties last in both directions, ties by title', () => {
    const ids = (s: FolderNote[]) => s.map((r) => r.id);
    expect(ids(sortRows(rows, { property: 'priority' }))).toEqual(['d', 'a', 'b', 'c']);
    expect(ids(sortRows(rows, { property: 'priority', direction: 'desc' }))).toEqual(['b', 'a', 'd', 'c']);
    expect(ids(sortRows(rows, { property: 'Status' }))).toEqual(['d', 'b', 'a', 'c']);
    expect(ids(sortRows(rows, { property: 'status', direction: 'desc' }))).toEqual(['a', 'b', 'd', 'c']);
    expect(ids(sortRows(rows, undefined))).toEqual(['a', 'b', 'd', 'c']);
    expect(ids(sortRows(rows, { property: 'modified', direction: 'desc' }))).toEqual(['a', 'c', 'b', 'd']);
    expect(ids(sortRows(rows, { property: 'missing' }))).toEqual(['a', 'b', 'd', 'c']);
  });

  it('filters on the text of one property, case-insensitively; an empty text keeps every row', () => {
    expect(filterRows(rows, { property: 'status', text: 'BL' }).map((r) => r.id)).toEqual(['b']);
    expect(filterRows(rows, { property: 'tags', text: 'y' }).map((r) => r.id)).toEqual(['d']);
    expect(filterRows(rows, { property: 'title', text: ' ' })).toHaveLength(4);
    expect(filterRows(rows, null)).toHaveLength(4);
  });

  it('shows lists joined, nulls empty, mappings as JSON', () => {
    expect(cellText(['a', 'b'])).toBe('a, b');
    expect(cellText(null)).toBe('');
    expect(cellText(false)).toBe('false');
    expect(cellText({ a: 1 })).toBe('{"a":1}');
  });

  it('keeps the kind of an untyped value through a text edit', () => {
    expect(coerceLike(['a'], 'x, y ,')).toEqual(['x', 'y']);
    expect(coerceLike(3, '4.5')).toBe(4.5);
    expect(coerceLike(3, 'four')).toBe('four');
    expect(coerceLike(true, 'false')).toBe(false);
    expect(coerceLike('old', '  ')).toBeNull();
    expect(coerceLike(null, 'new')).toBe('new');
  });
});
