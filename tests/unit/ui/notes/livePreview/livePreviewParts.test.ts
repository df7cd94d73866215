import { Text } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { linkDestination } from '../../../../../src/ui/notes/livePreview/followUrl';
import { frontmatterEnd } from '../../../../../src/ui/notes/livePreview/frontmatterRange';
import { CheckboxWidget } from '../../../../../src/ui/notes/livePreview/inlineWidgets';
import { headingsOf, linkQuery } from '../../../../../src/ui/notes/livePreview/linkQuery';
import { isRevealed } from '../../../../../src/ui/notes/livePreview/revealed';
import { tableCells } from '../../../../../src/ui/notes/livePreview/tableCells';
import { wikiLinkParts } from '../../../../../src/ui/notes/livePreview/wikiLinkParts';

describe('isRevealed: syntax shows on the lines a selection touches', () => {
  it('a cursor on the element’s line reveals it; elsewhere it stays rendered', () => {
    expect(isRevealed([{ from: 5, to: 5 }], 0, 10)).toBe(true);
    expect(isRevealed([{ from: 10, to: 10 }], 0, 10)).toBe(true); // end of the line
    expect(isRevealed([{ from: 11, to: 11 }], 0, 10)).toBe(false);
  });
  it('a selection across lines reveals every line it covers; reading view reveals nothing', () => {
    expect(isRevealed([{ from: 2, to: 40 }], 20, 30)).toBe(true);
    expect(
      isRevealed(
        [
          { from: 50, to: 60 },
          { from: 0, to: 1 },
        ],
        20,
        30,
      ),
    ).toBe(false);
    expect(isRevealed([], 0, 100)).toBe(false);
  });
});

describe('wikiLinkParts', () => {
  it('splits target, heading and alias, with the shown range', () => {
    const line = 'See [[Folder/Note#Part|the part]] and ![[pic.png]]';
    const [a, b] = wikiLinkParts(line);
    expect(a).toMatchObject({ title: 'Folder/Note', subpath: 'Part', alias: 'the part', embed: false });
    expect(line.slice(a!.shownFrom, a!.shownTo)).toBe('the part');
    expect(line.slice(a!.from, a!.to)).toBe('[[Folder/Note#Part|the part]]');
    expect(b).toMatchObject({ title: 'pic.png', embed: true, alias: null, target: 'pic.png' });
    expect(line.slice(b!.shownFrom, b!.shownTo)).toBe('pic.png');
  });
  it('a table’s escaped bar starts the alias too; a same-note heading has an empty title', () => {
    expect(wikiLinkParts('| [[Note\\|alias]] |')[0]).toMatchObject({ title: 'Note', alias: 'alias' });
    expect(wikiLinkParts('[[#Heading]]')[0]).toMatchObject({
      title: '',
      subpath: 'Heading',
      shown: 'Heading',
    });
  });
});

describe('tableCells', () => {
  it('cells carry their offsets in the table’s source, delimiter row and alignment read', () => {
    const src = '| Fruit | Count |\n|:--|--:|\n| apple | 3 |';
    const t = tableCells(src)!;
    expect(t.header.map((c) => c.text)).toEqual(['Fruit', 'Count']);
    expect(t.align).toEqual(['left', 'right']);
    const apple = t.rows[0]![0]!;
    expect(src.slice(apple.from, apple.to)).toBe('apple');
    expect(src.slice(t.rows[0]![1]!.from, t.rows[0]![1]!.to)).toBe('3');
  });
  it('an escaped bar stays in its cell; no delimiter row is no table', () => {
    expect(tableCells('| a \\| b | c |\n| - | - |')!.header.map((c) => c.text)).toEqual(['a \\| b', 'c']);
    expect(tableCells('| a |\n| b |')).toBeNull();
  });
});

describe('linkQuery: what is typed after [[', () => {
  it('a title, a heading after #, an alias after |', () => {
    expect(linkQuery('Today [[Gar')).toEqual({ kind: 'title', query: 'Gar', from: 8 });
    expect(linkQuery('[[Garden#Tu')).toEqual({ kind: 'heading', title: 'Garden', query: 'Tu', from: 9 });
    expect(linkQuery('[[Garden#Roses|my')).toEqual({ kind: 'alias', title: 'Garden', query: 'my', from: 15 });
  });
  it('nothing outside an open link', () => {
    expect(linkQuery('[[Done]] and more')).toBeNull();
    expect(linkQuery('plain [text')).toBeNull();
  });
  it('headings outside fenced code', () => {
    expect(headingsOf('# A\n```\n# not\n```\n## B ##\ntext #c')).toEqual(['A', 'B']);
  });
});

describe('linkDestination and frontmatterEnd', () => {
  it('web addresses leave the app; vault paths are decoded', () => {
    expect(linkDestination('https://example.com/a')).toEqual({ external: 'https://example.com/a' });
    expect(linkDestination('mailto:a@b.c')).toEqual({ external: 'mailto:a@b.c' });
    expect(linkDestination('Folder/My%20Note.md')).toEqual({ local: 'Folder/My Note.md' });
    expect(linkDestination('<a b.md>')).toEqual({ local: 'a b.md' });
  });
  it('the folded block ends after the closing fence, by the vault’s own rule', () => {
    const doc = Text.of(['---', 'a: 1', '---', 'body']);
    expect(frontmatterEnd(doc)).toBe('---\na: 1\n---\n'.length);
    expect(frontmatterEnd(Text.of(['---', 'a: 1', 'no close']))).toBe(0);
    expect(frontmatterEnd(Text.of(['text', '---']))).toBe(0);
  });
});

describe('CheckboxWidget', () => {
  it('equal for the same state wherever the task moved (a key above it keeps its box)', () => {
    expect(new CheckboxWidget(false).eq(new CheckboxWidget(false))).toBe(true);
    expect(new CheckboxWidget(true).eq(new CheckboxWidget(false))).toBe(false);
  });
});
