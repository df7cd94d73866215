import { describe, expect, it } from 'vitest';
import { readNote } from '../../../src/worker/domain/notes/frontmatter/readNote';
import { LinkResolver } from '../../../src/worker/domain/notes/links/linkResolver';
import { type LinkRow, linkRowsOf } from '../../../src/worker/domain/notes/links/linkRows';
import { parseLinks } from '../../../src/worker/domain/notes/links/parseLinks';
import { resolveByTitle, resolveWikiTarget } from '../../../src/worker/domain/notes/links/resolveOperations';
import type { NoteHeader } from '../../../src/worker/domain/notes/noteHeader';
import { loadFixtureVault } from './fixtureVault';

const note = (id: string, folder_path: string, title: string, aliases?: string[]): NoteHeader => ({
  id,
  title,
  folder_path,
  file_type: 'markdown',
  ...(aliases ? { aliases } : {}),
});

describe('parseLinks', () => {
  it('reads every wiki form, embeds and local markdown links', () => {
    const body = [
      '[[Title]] [[Title|alias]] [[Title#Heading]] [[Title#^block-1]] [[Folder/Title]]',
      '![[image.png|100x145]] ![[Doc.pdf#page=3]] [[#Local heading]] [[A#B#C]]',
      '[text](Some%20Note.md) ![alt](<Attachments/a b.png>) [web](https://x.org/a) [anchor](#top)',
      '| [[Table\\|shown]] |',
    ].join('\n');
    const links = parseLinks(body);
    expect(links.map((l) => [l.syntax, l.embed, l.target, l.subpath, l.alias, l.line])).toEqual([
      ['wiki', false, 'Title', null, null, 0],
      ['wiki', false, 'Title', null, 'alias', 0],
      ['wiki', false, 'Title', { type: 'heading', heading: 'Heading' }, null, 0],
      ['wiki', false, 'Title', { type: 'block', id: 'block-1' }, null, 0],
      ['wiki', false, 'Folder/Title', null, null, 0],
      ['wiki', true, 'image.png', null, '100x145', 1],
      ['wiki', true, 'Doc.pdf', { type: 'heading', heading: 'page=3' }, null, 1],
      ['wiki', false, '', { type: 'heading', heading: 'Local heading' }, null, 1],
      ['wiki', false, 'A', { type: 'heading', heading: 'C' }, null, 1],
      ['markdown', false, 'Some Note.md', null, 'text', 2],
      ['markdown', true, 'Attachments/a b.png', null, 'alt', 2],
      ['wiki', false, 'Table', null, 'shown', 3],
    ]);
    const first = links[0];
    expect(first && body.slice(first.start, first.end)).toBe('[[Title]]');
  });

  it('skips links in fenced code, inline code and comments', () => {
    const body =
      '```md\n[[InFence]]\n```\n`[[Inline]]` ``a ` [[Double]]`` <!-- [[Html]] --> %%[[Com]]%% [[Real]]\n~~~\n[[T]]';
    expect(parseLinks(body).map((l) => l.target)).toEqual(['Real']);
  });
});

describe('LinkResolver', () => {
  const headers = [
    note('root', '', 'Home'),
    note('a', 'A', 'Same'),
    note('b', 'B/Deep', 'Same'),
    note('c', 'B', 'Case'),
    note('alias', 'X', 'Aliased', ['Other name']),
    {
      id: 'img',
      title: 'pic',
      folder_path: 'Attachments',
      file_type: 'image',
      file_name: 'pic.png',
    } as NoteHeader,
  ];
  const r = new LinkResolver(headers);

  it('resolves by name case-insensitively, by path, relatively and attachments by file name', () => {
    expect(r.resolve('home')?.header.id).toBe('root');
    expect(r.resolve('Home.md')?.header.id).toBe('root');
    expect(r.resolve('B/Deep/Same')).toMatchObject({ header: { id: 'b' }, via: 'path' });
    expect(r.resolve('Deep/Same')).toMatchObject({ header: { id: 'b' }, via: 'name' });
    expect(r.resolve('./Same', 'B/Deep')).toMatchObject({ header: { id: 'b' }, via: 'relative' });
    expect(r.resolve('../Case', 'B/Deep')?.header.id).toBe('c');
    expect(r.resolve('../../../x', 'B')).toBeNull();
    expect(r.resolve('PIC.PNG')?.header.id).toBe('img');
    expect(r.resolve('Attachments/pic.png')?.header.id).toBe('img');
    expect(r.resolve('Missing')).toBeNull();
    expect(r.resolve('Other name')).toBeNull();
  });

  it('breaks ties: same folder as the source first, then the shortest path', () => {
    expect(r.resolve('Same', 'B/Deep')?.header.id).toBe('b');
    expect(r.resolve('Same', '')?.header.id).toBe('a');
  });

  it('stays in step with upserts and removals', () => {
    const live = new LinkResolver(headers);
    live.remove('a');
    expect(live.resolve('Same')?.header.id).toBe('b');
    live.upsert(note('b', 'B/Deep', 'Renamed'));
    expect(live.resolve('Same')).toBeNull();
    expect(live.resolve('renamed')?.header.id).toBe('b');
    expect(live.size).toBe(5);
  });

  it('answers resolveByTitle (with alias fallback) and resolveWikiTarget', () => {
    expect(resolveByTitle('Other name', r)).toMatchObject({ exists: true, id: 'alias', via: 'alias' });
    expect(resolveByTitle('Nope', r)).toMatchObject({ exists: false, id: null, title: 'Nope', href: null });
    expect(resolveWikiTarget('![[B/Deep/Same#Part|shown]]', r)).toMatchObject({
      exists: true,
      id: 'b',
      path: 'B/Deep/Same.md',
      href: 'svc://note/b',
      subpath: { type: 'heading', heading: 'Part' },
      alias: 'shown',
    });
    const source = headers[0] as NoteHeader;
    expect(resolveWikiTarget('#^blk', r, source)).toMatchObject({
      id: 'root',
      subpath: { type: 'block', id: 'blk' },
    });
  });
});

describe('the fixture vault', () => {
  const items = loadFixtureVault();
  const resolver = new LinkResolver(items.map((i) => i.header));
  const rows: LinkRow[] = items.flatMap((i) =>
    i.source === undefined ? [] : linkRowsOf(i.header, readNote(i.source).body, resolver),
  );

  it('resolves all but the links to files absent from the fixture', () => {
    // 1,890 `[[...]]` occur in the files; 83 of them sit in code (syntax examples), which Obsidian ignores.
    expect(rows.filter((r) => r.syntax === 'wiki')).toHaveLength(1807);
    expect(rows.filter((r) => r.embed)).toHaveLength(285);
    const unresolved = rows.filter((r) => r.to_id === null).map((r) => r.target);
    expect(unresolved.sort()).toEqual([
      'Example',
      'Example',
      'Example',
      'Example',
      'Example.md',
      'Example.md',
      'obsidian-cli.mp4',
    ]);
    expect(rows.length - unresolved.length).toBe(1804);
  });

  it("resolves a bare title shared by two notes to the one in the linking note's folder", () => {
    const templates = items.filter((i) => i.header.title === 'Templates').map((i) => i.header);
    expect(templates).toHaveLength(2);
    for (const t of templates) expect(resolver.resolve('Templates', t.folder_path)?.header.id).toBe(t.id);
  });
});
