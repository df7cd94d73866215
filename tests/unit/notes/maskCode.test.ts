import { describe, expect, it } from 'vitest';
import { readNote } from '../../../src/worker/domain/notes/frontmatter/readNote';
import { LinkResolver } from '../../../src/worker/domain/notes/links/linkResolver';
import { linkRowsOf, reresolveRows } from '../../../src/worker/domain/notes/links/linkRows';
import { maskCode } from '../../../src/worker/domain/notes/markdown/maskCode';
import { tagIndexKeys } from '../../../src/worker/domain/notes/tags';

describe('maskCode', () => {
  it('keeps length and line breaks, blanks code and comments', () => {
    const text = 'a `b` c\n```js\nx\n```\nd <!-- e --> %%f%% g';
    const masked = maskCode(text);
    expect(masked).toHaveLength(text.length);
    expect(masked.split('\n')).toHaveLength(text.split('\n').length);
    expect(masked.replace(/\s+/g, ' ').trim()).toBe('a c d g');
  });

  it('closes a fence only with the same character, at least as long; an open fence runs to the end', () => {
    expect(maskCode('````\n```\nstill code\n````\nafter').trim()).toBe('after');
    expect(maskCode('~~~\n```\ncode\n~~~\nout').trim()).toBe('out');
    expect(maskCode('text\n```\nnever closed [[x]]').trim()).toBe('text');
  });

  it('treats an unmatched backtick as text and matches runs of equal length', () => {
    expect(maskCode('a ` b').trim()).toBe('a ` b');
    expect(maskCode('``a`b`` c').trim()).toBe('c');
  });
});

describe('tag index keys', () => {
  it('lists keys and parents once', () => {
    expect(tagIndexKeys(['Area/Work', 'area', 'x'])).toEqual(['area', 'area/work', 'x']);
  });
});

describe('reresolveRows', () => {
  it('resolves rows to a note created later and releases rows of a deleted one', () => {
    const source = { id: 's', title: 'S', folder_path: '', file_type: 'markdown' as const };
    const resolver = new LinkResolver([source]);
    const rows = linkRowsOf(source, readNote('[[Later]] and [[S]]').body, resolver);
    expect(rows.map((r) => r.to_id)).toEqual([null, 's']);
    resolver.upsert({ id: 'l', title: 'Later', folder_path: 'F', file_type: 'markdown' });
    const folderOf = (id: string) => resolver.get(id)?.folder_path;
    const changed = reresolveRows(rows, resolver, folderOf);
    expect(changed.map((r) => [r.target, r.to_id, r.via])).toEqual([['Later', 'l', 'name']]);
    resolver.remove('l');
    expect(reresolveRows(changed, resolver, folderOf).map((r) => r.to_id)).toEqual([null]);
  });
});
