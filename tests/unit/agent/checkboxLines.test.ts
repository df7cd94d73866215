import { describe, expect, it } from 'vitest';
import { findCheckboxLines, linkConvertedLines } from '../../../src/worker/tools/notes/checkboxLines';

const texts = (source: string) => findCheckboxLines(source).map((l) => [l.text, l.parent]);

describe('findCheckboxLines (task conversion for agents)', () => {
  it('finds open boxes of every list marker, trimmed, with the line offsets', () => {
    const source = 'Intro\n- [ ] one  \n* [ ] two\n+ [ ]\tthree\n1. [ ] four\n2) [ ] five\n';
    const lines = findCheckboxLines(source);
    expect(lines.map((l) => l.text)).toEqual(['one', 'two', 'three', 'four', 'five']);
    expect(lines.map((l) => l.prefix)).toEqual(['- ', '* ', '+ ', '1. ', '2) ']);
    const first = lines[0];
    expect(source.slice(first?.start, first?.end)).toBe('- [ ] one  ');
  });

  it('leaves done boxes, empty boxes, non-list text, code, comments and frontmatter alone', () => {
    const source = [
      '---',
      'todo:',
      '  - [ ] in yaml',
      '---',
      '- [x] done',
      '- [X] done too',
      '- [ ]',
      '- [ ]   ',
      '[ ] not a list item',
      '```',
      '- [ ] in a fence',
      '```',
      '<!-- - [ ] in a comment -->',
      '`- [ ] in a span`',
      '- [ ] real `with code` inside',
    ].join('\n');
    expect(texts(source)).toEqual([['real `with code` inside', null]]);
  });

  it('nests a box under the box above it; a less-indented line ends the nesting', () => {
    const source = [
      '- [ ] parent',
      '  - [ ] child',
      '    - [ ] grandchild',
      '  continuation of child',
      '  - [ ] second child',
      '- plain item',
      '  - [ ] under a plain item',
      '\t- [ ] tab-indented under it',
      '- [ ] next parent',
      '\t- [ ] tab child',
    ].join('\n');
    expect(texts(source)).toEqual([
      ['parent', null],
      ['child', 0],
      ['grandchild', 1],
      ['second child', 0],
      ['under a plain item', null],
      ['tab-indented under it', 4],
      ['next parent', null],
      ['tab child', 6],
    ]);
  });

  it('keeps CRLF line breaks out of the text and the rewrite', () => {
    const source = '- [ ] a\r\n- [ ] b\r\n';
    const lines = findCheckboxLines(source);
    expect(lines.map((l) => l.text)).toEqual(['a', 'b']);
    const linked = linkConvertedLines(source, lines, new Map([[1, 't2']]));
    expect(linked).toBe('- [ ] a\r\n- b ([task](svc://task/t2))\r\n');
  });

  it('rewrites converted lines as linked list items, keeping indentation and marker', () => {
    const source = '# Plan\n- [ ] ship #work\n  3. [ ] test it\n- [ ] later\n';
    const lines = findCheckboxLines(source);
    const linked = linkConvertedLines(
      source,
      lines,
      new Map([
        [0, 'a'],
        [1, 'b'],
      ]),
    );
    expect(linked).toBe(
      '# Plan\n- ship #work ([task](svc://task/a))\n  3. test it ([task](svc://task/b))\n- [ ] later\n',
    );
  });
});
