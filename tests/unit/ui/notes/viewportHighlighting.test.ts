import { defaultHighlightStyle, ensureSyntaxTree } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { highlightTree } from '@lezer/highlight';
import { describe, expect, it } from 'vitest';
import { markdownSupport } from '../../../../src/ui/notes/markdownSupport';
import { highlightRanges } from '../../../../src/ui/notes/viewportHighlighting';

const BLOCK = [
  '## A heading with *soft* words',
  '',
  'A paragraph with **strong**, `code`, ~~gone~~ and a [link](https://example.org) and <https://a.b>.',
  '',
  '> a quote with *emphasis*',
  '> > and a nested one',
  '',
  '- [ ] a task',
  '- [x] done **now**',
  '  1. nested ordered',
  '',
  '| a | b |',
  '| - | - |',
  '| *1* | 2 |',
  '',
  '```js',
  'const x = 1;',
  '```',
  '',
  'Setext heading',
  '===',
  '',
  '---',
  '',
].join('\n');

function spans(doc: string, ranges: { from: number; to: number }[], viewport: boolean): string[] {
  const state = EditorState.create({ doc, extensions: [markdownSupport()] });
  const tree = ensureSyntaxTree(state, doc.length, 10_000)!;
  const out: string[] = [];
  const put = (from: number, to: number, cls: string) => out.push(`${from}-${to} ${cls}`);
  if (viewport) highlightRanges(tree, defaultHighlightStyle, ranges, put);
  else for (const r of ranges) highlightTree(tree, defaultHighlightStyle, put, r.from, r.to);
  return out;
}

describe('highlightRanges: the spans highlightTree gives, entering the top level at the range', () => {
  const doc = `# Title\n\n${BLOCK.repeat(40)}`;
  it('over the whole note', () => {
    const all = [{ from: 0, to: doc.length }];
    expect(spans(doc, all, true)).toEqual(spans(doc, all, false));
    expect(spans(doc, all, true).length).toBeGreaterThan(400);
  });
  it('over ranges that start and end inside blocks (a quote, a list, a table, a fence)', () => {
    const at = (s: string, n: number) => {
      let i = -1;
      for (let k = 0; k <= n; k++) i = doc.indexOf(s, i + 1);
      return i;
    };
    const cases = [
      [{ from: at('> a quote', 10) + 3, to: at('| *1*', 12) + 4 }],
      [{ from: at('- [x]', 3) + 5, to: at('const x', 3) + 2 }],
      [
        { from: at('Setext', 5) + 2, to: at('## A', 7) + 4 },
        { from: at('**strong**', 20) + 1, to: at('1. nested', 25) + 3 },
      ],
    ];
    for (const ranges of cases) expect(spans(doc, ranges, true)).toEqual(spans(doc, ranges, false));
  });
});
