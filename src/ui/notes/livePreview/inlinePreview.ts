import { syntaxTree } from '@codemirror/language';
import type { EditorState, Range } from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  type EditorView,
  ViewPlugin,
  type ViewUpdate,
} from '@codemirror/view';
import type { SyntaxNodeRef } from '@lezer/common';
import { frontmatterEnd } from './frontmatterRange';
import { BulletWidget, CalloutLabelWidget, CheckboxWidget, RuleWidget } from './inlineWidgets';
import { linkStatusOf } from './linkStatus';
import { revealingSelections } from './previewMode';
import { isRevealed, type Span } from './revealed';
import { wikiLinkParts } from './wikiLinkParts';

const hide = Decoration.replace({});
const mark = (cls: string) => Decoration.mark({ class: cls });
const MARKS: Record<string, Decoration> = {
  Emphasis: mark('cm-lp-em'),
  StrongEmphasis: mark('cm-lp-strong'),
  Strikethrough: mark('cm-lp-strike'),
  InlineCode: mark('cm-lp-code'),
};
/** Syntax characters hidden off the edited lines, with the node that owns them. */
const SYNTAX = new Set(['EmphasisMark', 'StrikethroughMark', 'CodeMark']);
const CALLOUT = /^(\s*>\s*)\[!([\w-]+)\][+-]?\s?/;
const CODE = /Code|Comment/;

function lineSpan(state: EditorState, from: number, to: number) {
  return { from: state.doc.lineAt(from).from, to: state.doc.lineAt(to).to };
}

/**
 * Live Preview's inline part: every decoration that stays within a line (headings, emphasis,
 * code spans, block quotes and callouts, links, list bullets, task checkboxes, rules), built
 * from the markdown syntax tree over the visible ranges only, so a 1 MB note costs what the
 * screen shows. Syntax characters are hidden unless a selection touches their line
 * (`isRevealed`). Decorations only: the document is the markdown.
 */
export function buildInline(view: EditorView): DecorationSet {
  const { state } = view;
  const sel = revealingSelections(state);
  const fm = frontmatterEnd(state.doc);
  const out: Range<Decoration>[] = [];
  const tree = syntaxTree(state);
  const revealed = (from: number, to: number) => {
    const l = lineSpan(state, from, to);
    return isRevealed(sel, l.from, l.to);
  };
  for (const { from, to } of view.visibleRanges) {
    tree.iterate({
      from: Math.max(from, fm),
      to,
      enter: (node) => {
        if (node.from < fm) return;
        return enterNode(state, node, sel, revealed, out);
      },
    });
    wikiLinks(state, Math.max(from, fm), to, revealed, out);
  }
  return Decoration.set(out, true);
}

function enterNode(
  state: EditorState,
  node: SyntaxNodeRef,
  sel: Span[],
  revealed: (from: number, to: number) => boolean,
  out: Range<Decoration>[],
): boolean | undefined {
  const name = node.name;
  const heading = /^(?:ATX|Setext)Heading(\d)$/.exec(name);
  if (heading) {
    out.push(
      Decoration.line({ class: `cm-lp-h cm-lp-h${heading[1]}` }).range(state.doc.lineAt(node.from).from),
    );
    return;
  }
  if (name === 'HeaderMark') {
    const line = state.doc.lineAt(node.from);
    if (node.from === line.from && !revealed(node.from, node.to)) {
      // `## ` with its space: the heading's text starts the line
      const end = Math.min(line.to, node.to + (state.doc.sliceString(node.to, node.to + 1) === ' ' ? 1 : 0));
      out.push(hide.range(node.from, end));
    } else if (node.from !== line.from && !revealed(node.from, node.to))
      out.push(hide.range(node.from, node.to));
    return;
  }
  const m = MARKS[name];
  if (m) {
    if (node.to > node.from) out.push(m.range(node.from, node.to));
    return;
  }
  if (SYNTAX.has(name)) {
    if (!revealed(node.from, node.to)) out.push(hide.range(node.from, node.to));
    return;
  }
  if (name === 'Blockquote') {
    quote(state, node.from, node.to, revealed, out);
    return;
  }
  if (name === 'FencedCode' || name === 'CodeBlock') {
    for (let pos = node.from; pos <= node.to; ) {
      const line = state.doc.lineAt(pos);
      out.push(Decoration.line({ class: 'cm-lp-codeblock' }).range(line.from));
      pos = line.to + 1;
    }
    return false;
  }
  if (name === 'HorizontalRule') {
    if (!revealed(node.from, node.to))
      out.push(Decoration.replace({ widget: new RuleWidget() }).range(node.from, node.to));
    return false;
  }
  if (name === 'ListMark') {
    const after = state.doc.sliceString(node.to, node.to + 4);
    const task = /^ \[[ xX]\]/.test(after);
    const bullet = /^[-*+]$/.test(state.doc.sliceString(node.from, node.to));
    if (!revealed(node.from, node.to)) {
      if (task) out.push(hide.range(node.from, node.to + 1));
      else if (bullet) out.push(Decoration.replace({ widget: new BulletWidget() }).range(node.from, node.to));
    }
    return;
  }
  if (name === 'TaskMarker') {
    const checked = /x/i.test(state.doc.sliceString(node.from, node.to));
    const touched = sel.some((s) => s.from <= node.to && s.to >= node.from);
    if (!touched)
      out.push(Decoration.replace({ widget: new CheckboxWidget(checked) }).range(node.from, node.to));
    if (checked) {
      const line = state.doc.lineAt(node.from);
      if (node.to + 1 < line.to) out.push(mark('cm-lp-done').range(node.to + 1, line.to));
    }
    return;
  }
  if (name === 'Link') {
    link(state, node, revealed, out);
    return false;
  }
  if (name === 'URL' || name === 'Autolink') {
    const url = state.doc.sliceString(node.from, node.to).replace(/^<|>$/g, '');
    out.push(
      Decoration.mark({ class: 'cm-lp-link', attributes: { 'data-lp-href': url } }).range(node.from, node.to),
    );
    return false;
  }
  return;
}

function quote(
  state: EditorState,
  from: number,
  to: number,
  revealed: (from: number, to: number) => boolean,
  out: Range<Decoration>[],
) {
  const first = state.doc.lineAt(from);
  const callout = CALLOUT.exec(first.text);
  const kind = callout?.[2]?.toLowerCase();
  for (let pos = from; pos <= to; ) {
    const line = state.doc.lineAt(pos);
    const cls = kind
      ? `cm-lp-callout cm-lp-callout-${kind}${line.number === first.number ? ' cm-lp-callout-title' : ''}`
      : 'cm-lp-quote';
    out.push(Decoration.line({ class: cls }).range(line.from));
    const q = /^\s*>\s?/.exec(line.text);
    const shown = revealed(line.from, line.to);
    if (q && !shown) {
      if (callout && line.number === first.number) {
        out.push(
          Decoration.replace({ widget: new CalloutLabelWidget(kind ?? 'note') }).range(
            line.from,
            line.from + callout[0].length,
          ),
        );
      } else out.push(hide.range(line.from, line.from + q[0].length));
    }
    pos = line.to + 1;
  }
}

function link(
  state: EditorState,
  node: SyntaxNodeRef,
  revealed: (from: number, to: number) => boolean,
  out: Range<Decoration>[],
) {
  const marks: { from: number; to: number }[] = [];
  let url = '';
  const cursor = node.node.cursor();
  if (cursor.firstChild())
    do {
      if (cursor.name === 'LinkMark') marks.push({ from: cursor.from, to: cursor.to });
      if (cursor.name === 'URL') url = state.doc.sliceString(cursor.from, cursor.to);
    } while (cursor.nextSibling());
  // `[text](url)`: the text sits between the first two marks; the rest is hidden off the line.
  if (marks.length < 2 || url === '') return;
  const textFrom = marks[0]!.to;
  const textTo = marks[1]!.from;
  if (textTo > textFrom)
    out.push(
      Decoration.mark({ class: 'cm-lp-link', attributes: { 'data-lp-href': url } }).range(textFrom, textTo),
    );
  if (!revealed(node.from, node.to)) {
    out.push(hide.range(node.from, textFrom));
    out.push(hide.range(textTo, node.to));
  }
}

function wikiLinks(
  state: EditorState,
  from: number,
  to: number,
  revealed: (from: number, to: number) => boolean,
  out: Range<Decoration>[],
) {
  const tree = syntaxTree(state);
  const status = linkStatusOf(state);
  for (let pos = from; pos <= to; ) {
    const line = state.doc.lineAt(pos);
    pos = line.to + 1;
    if (!line.text.includes('[[')) continue;
    for (const p of wikiLinkParts(line.text)) {
      const at = line.from + p.from;
      if (CODE.test(tree.resolveInner(at, 1).name)) continue;
      // An embed alone on its line is drawn by the block part (blockPreview.ts).
      if (p.embed && line.text.trim() === line.text.slice(p.from, p.to)) continue;
      const missing = status.get(p.title.trim().toLowerCase()) === false;
      out.push(
        Decoration.mark({
          class: missing ? 'cm-lp-link cm-lp-wikilink cm-lp-unresolved' : 'cm-lp-link cm-lp-wikilink',
          attributes: {
            'data-lp-wiki': p.inner,
            title: missing ? `“${p.title}” does not exist yet: following the link creates it` : p.target,
          },
        }).range(line.from + p.shownFrom, line.from + p.shownTo),
      );
      if (!revealed(line.from, line.to)) {
        out.push(hide.range(at, line.from + p.shownFrom));
        out.push(hide.range(line.from + p.shownTo, line.from + p.to));
      }
    }
  }
}

export const inlinePreview = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = buildInline(view);
    }
    update(u: ViewUpdate) {
      if (
        u.docChanged ||
        u.viewportChanged ||
        u.selectionSet ||
        syntaxTree(u.startState) !== syntaxTree(u.state) ||
        linkStatusOf(u.startState) !== linkStatusOf(u.state)
      )
        this.decorations = buildInline(u.view);
    }
  },
  { decorations: (v) => v.decorations },
);
