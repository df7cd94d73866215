import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { ensureSyntaxTree } from '@codemirror/language';
import { EditorSelection, EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { blockPreview } from '../../../../../src/ui/notes/livePreview/blockPreview';
import { previewMode } from '../../../../../src/ui/notes/livePreview/previewMode';

const DOC = [
  '---',
  'tags: [a]',
  '---',
  'intro',
  '| a | b |',
  '| - | - |',
  '| 1 | 2 |',
  '',
  '![[pic.png]]',
  'end',
].join('\n');

/** The ranges replaced by a block (and the block widgets added under a line), for a cursor. */
function blocks(cursor: number, mode: 'live' | 'reading' = 'live') {
  const state = EditorState.create({
    doc: DOC,
    extensions: [markdown({ base: markdownLanguage }), previewMode.of(mode), blockPreview],
  });
  // The whole tree parsed first (an editor parses in the background; the field redraws when it lands).
  ensureSyntaxTree(state, state.doc.length, 5000);
  const s = state.update({ selection: EditorSelection.cursor(cursor) }).state;
  const out: string[] = [];
  s.field(blockPreview).deco.between(0, s.doc.length, (from, to, d) => {
    out.push(
      `${d.spec.block && from !== to ? 'replace' : 'below'} ${JSON.stringify(s.doc.sliceString(from, to))}`,
    );
  });
  return out;
}

describe('blockPreview: what is drawn as a block for a given cursor', () => {
  const end = DOC.length;
  it('cursor on the last line: frontmatter folded, table and embed drawn', () => {
    expect(blocks(end)).toEqual([
      'replace "---\\ntags: [a]\\n---"',
      'replace "| a | b |\\n| - | - |\\n| 1 | 2 |"',
      'replace "![[pic.png]]"',
    ]);
  });
  it('cursor in the table: the table is source; the embed line edited shows the embed under it', () => {
    const inTable = DOC.indexOf('| 1');
    expect(blocks(inTable)).toEqual(['replace "---\\ntags: [a]\\n---"', 'replace "![[pic.png]]"']);
    const onEmbed = DOC.indexOf('![[');
    expect(blocks(onEmbed)[2]).toBe('below ""');
  });
  it('reading view draws every block whatever the selection', () => {
    expect(blocks(DOC.indexOf('| 1'), 'reading')).toHaveLength(3);
  });
});
