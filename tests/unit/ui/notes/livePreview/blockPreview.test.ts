import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { ensureSyntaxTree } from '@codemirror/language';
import { Compartment, EditorSelection, EditorState } from '@codemirror/state';
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

/** Every block range of a state's field (replace and below), cursor-independent in reading view. */
function ranges(state: EditorState): string[] {
  const out: string[] = [];
  state.field(blockPreview).deco.between(0, state.doc.length, (from, to) => {
    out.push(`${from}-${to} ${JSON.stringify(state.doc.sliceString(from, to))}`);
  });
  return out;
}

function fresh(doc: string): EditorState {
  const state = EditorState.create({
    doc,
    extensions: [markdown({ base: markdownLanguage }), previewMode.of('reading'), blockPreview],
  });
  ensureSyntaxTree(state, state.doc.length, 5000);
  // a transaction so the field sees the whole tree (as the editor's background parse delivers it)
  return state.update({}).state;
}

describe('blockPreview after edits: walking from the edited block finds what a fresh walk finds', () => {
  const edits: { name: string; at: (doc: string) => number; insert: string }[] = [
    {
      name: 'a table typed at the end, header line first',
      at: (d) => d.length,
      insert: '\n\n| x | y |\n| - | - |',
    },
    { name: 'a fence opened above the table hides it', at: (d) => d.indexOf('intro'), insert: '```\n' },
    { name: 'an embed line typed in the middle', at: (d) => d.indexOf('end'), insert: '![[other.png]]\n\n' },
    { name: 'a character typed inside the table', at: (d) => d.indexOf('| 1') + 2, insert: '9' },
    { name: 'the delimiter row removed', at: (d) => d.indexOf('| - | - |'), insert: '' },
  ];
  for (const e of edits) {
    it(e.name, () => {
      let state = fresh(DOC);
      const at = e.at(DOC);
      const del = e.insert === '' ? '| - | - |\n'.length : 0;
      state = state.update({ changes: { from: at, to: at + del, insert: e.insert } }).state;
      ensureSyntaxTree(state, state.doc.length, 5000);
      state = state.update({}).state;
      expect(ranges(state)).toEqual(ranges(fresh(state.doc.toString())));
    });
  }

  it('many edits in a row, typed one character at a time, end equal to a fresh walk', () => {
    let state = fresh(`${DOC}\n\n${'para\n\n'.repeat(50)}`);
    const text = '| p | q |\n| - | - |\n| 3 | 4 |\n\n![[late.png]]\n';
    for (const ch of text) {
      state = state.update({ changes: { from: state.doc.length, insert: ch } }).state;
      ensureSyntaxTree(state, state.doc.length, 5000);
      state = state.update({}).state;
    }
    expect(ranges(state)).toEqual(ranges(fresh(state.doc.toString())));
    expect(ranges(state).some((r) => r.includes('late.png'))).toBe(true);
    expect(ranges(state).some((r) => r.includes('| p | q |'))).toBe(true);
  });
});

/** The widget drawn for the block whose text starts with `start`. */
function widgetOf(state: EditorState, start: string): unknown {
  let found: unknown = null;
  state.field(blockPreview).deco.between(0, state.doc.length, (from, _to, d) => {
    if (state.doc.sliceString(from, from + start.length) === start) found = d.spec.widget;
  });
  return found;
}

describe('blockPreview: an edit walks to where the parse rejoins the old one, not to the end', () => {
  const TABLE = '| a | b |\n| - | - |\n| 1 | 2 |';
  const long = `intro\n\n${'para\n\n'.repeat(300)}${TABLE}\n\n${'para\n\n'.repeat(300)}![[pic.png]]\n`;

  it('a key typed at the top keeps the blocks below as they were found (moved, not found again)', () => {
    let state = fresh(long);
    const table = widgetOf(state, '| a');
    const embed = widgetOf(state, '![[');
    expect(table).not.toBeNull();
    state = state.update({ changes: { from: 2, insert: 'x' } }).state;
    ensureSyntaxTree(state, state.doc.length, 5000);
    state = state.update({}).state;
    // the same widget objects: the walk stopped long before them (a walk to the end makes new ones)
    expect(widgetOf(state, '| a')).toBe(table);
    expect(widgetOf(state, '![[')).toBe(embed);
    expect(ranges(state)).toEqual(ranges(fresh(state.doc.toString())));
  });

  it('an edit that changes the parse to the end (a fence opened at the top) still walks on', () => {
    let state = fresh(long);
    state = state.update({ changes: { from: 0, insert: '```\n' } }).state;
    ensureSyntaxTree(state, state.doc.length, 5000);
    state = state.update({}).state;
    expect(ranges(state)).toEqual([]);
    expect(ranges(state)).toEqual(ranges(fresh(state.doc.toString())));
  });

  it('generated edits anywhere (tables, fences, embeds, frontmatter, joins) end equal to a fresh walk', () => {
    const pieces = [
      'x',
      '\n',
      '\n\n',
      '| c | d |\n| - | - |\n',
      '```\n',
      '![[p.png]]\n',
      '---\n',
      '> ',
      '- ',
      '|',
    ];
    let seed = 19;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let state = fresh(`---\ntags: [a]\n---\n${DOC}\n\n${'para\n\n'.repeat(20)}${TABLE}\n\n![[end.png]]\n`);
    for (let step = 0; step < 150; step++) {
      const len = state.doc.length;
      const at = rand(len + 1);
      const change =
        rand(3) === 0
          ? { from: at, to: Math.min(len, at + 1 + rand(12)) }
          : { from: at, insert: pieces[rand(pieces.length)]! };
      state = state.update({ changes: change }).state;
      ensureSyntaxTree(state, state.doc.length, 5000);
      state = state.update({}).state;
      expect(ranges(state), `step ${step}: ${JSON.stringify(change)}`).toEqual(
        ranges(fresh(state.doc.toString())),
      );
    }
  });
});

describe('blockPreview while the parser works in the background', () => {
  it('each step of the parse walks what it added: blocks found in earlier steps stay as found', () => {
    const TABLE = '| a | b |\n| - | - |\n| 1 | 2 |';
    const doc = `${TABLE}\n\n${'para\n\n'.repeat(3000)}${TABLE.replace('a', 'z')}\n\n${'para\n\n'.repeat(3000)}`;
    let state = EditorState.create({
      doc,
      extensions: [markdown({ base: markdownLanguage }), previewMode.of('reading'), blockPreview],
    });
    ensureSyntaxTree(state, 200, 5000);
    state = state.update({}).state;
    const first = widgetOf(state, '| a');
    expect(first).not.toBeNull();
    ensureSyntaxTree(state, doc.length / 2, 5000);
    state = state.update({}).state;
    ensureSyntaxTree(state, doc.length, 5000);
    state = state.update({}).state;
    expect(widgetOf(state, '| a')).toBe(first);
    expect(ranges(state)).toEqual(ranges(fresh(doc)));
    expect(ranges(state).some((r) => r.includes('| z |'))).toBe(true);
  });
});

describe('blockPreview when the tree is replaced with no edit', () => {
  it('another language (CommonMark, no tables) walks it all: the table is gone', () => {
    const lang = new Compartment();
    let state = EditorState.create({
      doc: DOC,
      extensions: [lang.of(markdown({ base: markdownLanguage })), previewMode.of('reading'), blockPreview],
    });
    ensureSyntaxTree(state, state.doc.length, 5000);
    state = state.update({}).state;
    expect(ranges(state).some((r) => r.includes('| a | b |'))).toBe(true);
    state = state.update({ effects: lang.reconfigure(markdown()) }).state;
    ensureSyntaxTree(state, state.doc.length, 5000);
    state = state.update({}).state;
    expect(ranges(state).some((r) => r.includes('| a | b |'))).toBe(false);
  });
});
