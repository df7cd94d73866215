import { language, syntaxTree } from '@codemirror/language';
import { type EditorState, type Range, StateField, type Transaction } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView, WidgetType } from '@codemirror/view';
import type { Tree } from '@lezer/common';
import { EmbedWidget } from './embedWidget';
import { frontmatterEnd } from './frontmatterRange';
import { revealingSelections } from './previewMode';
import { isRevealed } from './revealed';
import { tableCells } from './tableCells';
import { TableWidget } from './tableWidget';

/** A line that is only an embed: `![[target]]` or `![alt](address)`. */
const WIKI_EMBED = /^\s*!\[\[([^[\]\n]+?)\]\]\s*$/;
const MD_EMBED = /^\s*!\[([^\]\n]*)\]\(\s*<?([^)>\n]+?)>?\s*\)\s*$/;

/** One element drawn as a block: found when the text or its tree changes, drawn per selection. */
interface Block {
  from: number;
  to: number;
  kind: 'table' | 'embed' | 'frontmatter';
  widget: WidgetType;
}

class Nothing extends WidgetType {
  override eq() {
    return true;
  }
  toDOM() {
    const el = document.createElement('div');
    el.className = 'cm-lp-frontmatter';
    el.setAttribute('aria-hidden', 'true');
    return el;
  }
}

/**
 * Where a walk may stop: past `after` (the end of the last change, in the new document), the
 * first top-level block that the tree before the edit had too, `shift` characters earlier, with
 * the same type and length. From such a block on the parse is the same as before (the text is,
 * and the parser starts it at the top level in both), so the blocks found before stand, moved.
 */
interface Resync {
  after: number;
  shift: number;
  oldTree: Tree;
  /** the blocks found over the whole old document, in its positions */
  oldBlocks: readonly Block[];
}

/** Whether the old tree has a top-level block of this type at exactly these (old) positions. */
function hadBlock(oldTree: Tree, name: string, from: number, to: number): boolean {
  const old = oldTree.topNode.cursor();
  return old.childAfter(from) && old.from === from && old.to === to && old.name === name;
}

/**
 * Tables and embed lines among the document's top-level blocks, and the frontmatter. `from`: the
 * walk starts at the top-level block that ends after it, and `kept` (blocks found before, all
 * ending before `from`) stand for what lies before: typing walks only from the edited block on,
 * not the whole document (a 1 MB note has ~30,000 top-level blocks). With `resync`, the walk ends
 * where the tree rejoins the old one past the edit; the position it stopped at is returned
 * (null: it went to the end of the tree).
 */
function findBlocks(
  state: EditorState,
  from = 0,
  kept: readonly Block[] = [],
  resync: Resync | null = null,
): { blocks: Block[]; stoppedAt: number | null } {
  const blocks: Block[] = [];
  const { doc } = state;
  const fm = frontmatterEnd(doc);
  if (fm > 0) blocks.push({ from: 0, to: doc.lineAt(fm - 1).to, kind: 'frontmatter', widget: new Nothing() });
  // a block the frontmatter now covers (its closing fence just typed) is gone
  for (const b of kept) if (b.kind !== 'frontmatter' && b.from >= fm) blocks.push(b);
  const tree = syntaxTree(state);
  const node = tree.topNode.cursor();
  if (!node.childAfter(from)) return { blocks, stoppedAt: null };
  do {
    if (
      resync &&
      node.from >= resync.after &&
      node.from >= fm &&
      hadBlock(resync.oldTree, node.name, node.from - resync.shift, node.to - resync.shift)
    )
      return { blocks, stoppedAt: node.from };
    if (node.from < fm) continue;
    if (node.name === 'Table') {
      const from = doc.lineAt(node.from).from;
      const to = doc.lineAt(node.to).to;
      const source = doc.sliceString(from, to);
      const model = tableCells(source);
      if (model) blocks.push({ from, to, kind: 'table', widget: new TableWidget(source, model) });
    } else if (
      node.name === 'Paragraph' &&
      doc
        .sliceString(node.from, node.from + 2)
        .trimStart()
        .startsWith('!')
    ) {
      for (let pos = node.from; pos <= node.to; ) {
        const line = doc.lineAt(pos);
        pos = line.to + 1;
        const wiki = WIKI_EMBED.exec(line.text);
        const md = wiki ? null : MD_EMBED.exec(line.text);
        if (wiki) {
          const inner = wiki[1] ?? '';
          const bar = inner.indexOf('|');
          const target = (bar === -1 ? inner : inner.slice(0, bar)).trim();
          const alt = bar === -1 ? '' : inner.slice(bar + 1);
          blocks.push({
            from: line.from,
            to: line.to,
            kind: 'embed',
            widget: new EmbedWidget(target, alt, null),
          });
        } else if (md) {
          const address = (md[2] ?? '').trim();
          const external = /^[a-z][a-z0-9+.-]*:|^\/\//i.test(address);
          let target = address;
          try {
            target = decodeURIComponent(address);
          } catch {}
          blocks.push({
            from: line.from,
            to: line.to,
            kind: 'embed',
            widget: new EmbedWidget(target, md[1] ?? '', external ? address : null),
          });
        }
      }
    }
  } while (node.nextSibling());
  return { blocks, stoppedAt: null };
}

/**
 * Where a walk after an edit at `pos` starts: the top-level block that starts before `pos` (the
 * one holding it, or the one above a blank line or a block start being edited, which an edit can
 * join or turn into a table or a heading), and one block above that as a margin.
 */
function walkStart(state: EditorState, pos: number): number {
  const node = syntaxTree(state).topNode.cursor();
  if (!node.childBefore(pos)) return 0;
  node.prevSibling();
  return node.from;
}

function draw(state: EditorState, blocks: readonly Block[]): DecorationSet {
  const sel = revealingSelections(state);
  const out: Range<Decoration>[] = [];
  for (const b of blocks) {
    const shown = b.kind !== 'frontmatter' && isRevealed(sel, b.from, b.to);
    if (!shown) out.push(Decoration.replace({ widget: b.widget, block: true }).range(b.from, b.to));
    else if (b.kind === 'embed')
      out.push(Decoration.widget({ widget: b.widget, block: true, side: 1 }).range(b.to));
  }
  return Decoration.set(out, true);
}

interface BlockState {
  blocks: Block[];
  deco: DecorationSet;
  /**
   * The first position the last walk could not vouch for: its tree stopped short of the document
   * (the parser finishes in the background, for a long note), so the next tree update walks from
   * there again. Infinity once a walk saw the whole document parsed.
   */
  pending: number;
  /**
   * An edit whose reparse the parser had not finished when the walk reached the tree's end (a
   * loaded machine): the tree before the edit, kept until the background parse rejoins it, so
   * the walks of its later steps still stop there instead of going on to the end of the note.
   */
  rejoin: Resync | null;
}

/**
 * Where the next walk starts when the tree stops short of the document: the block it stops in
 * (it may still grow or change type) and one above, as after an edit there. Before it, the blocks
 * found stand, so each step of the background parse walks only what it added (a walk from the
 * top at each step was quadratic over a long note).
 */
function pendingAfter(state: EditorState): number {
  const tree = syntaxTree(state);
  return tree.length >= state.doc.length ? Number.POSITIVE_INFINITY : walkStart(state, tree.length);
}

function walked(state: EditorState, from: number, kept: readonly Block[]): BlockState {
  const { blocks } = findBlocks(state, from, kept);
  return { blocks, deco: draw(state, blocks), pending: pendingAfter(state), rejoin: null };
}

function changed(tr: Transaction) {
  return tr.docChanged || syntaxTree(tr.startState) !== syntaxTree(tr.state);
}

/**
 * The field after an edit: a walk from the edited block (or from where the last walk was unsure)
 * to where the tree rejoins the one before the edit; the blocks found before stand on both sides
 * (those below moved by the edit). So a key typed at the top of a 1 MB note walks a few blocks,
 * not the ~30,000 below it; an edit that changes the parse to the end (an opened fence) walks on.
 */
function edited(value: BlockState, tr: Transaction): BlockState {
  // the earliest place the text changed, or the last walk left unsure; before it, the blocks
  // found are still right and in place
  let first = Number.isFinite(value.pending)
    ? tr.changes.mapPos(value.pending, -1)
    : Number.POSITIVE_INFINITY;
  let last = 0;
  tr.changes.iterChangedRanges((_fa, _ta, fromB, toB) => {
    first = Math.min(first, fromB);
    last = Math.max(last, toB);
  });
  const from = Number.isFinite(first) ? walkStart(tr.state, first) : 0;
  const before = value.blocks.filter((b) => b.to < from);
  // Rejoining needs blocks found over the whole old document (nothing pending) and an edit, or
  // an edit whose reparse is still being finished (its old tree kept)
  const shift = tr.newDoc.length - tr.startState.doc.length;
  const resync: Resync | null = !tr.docChanged
    ? value.rejoin
    : Number.isFinite(value.pending)
      ? null
      : { after: last, shift, oldTree: syntaxTree(tr.startState), oldBlocks: value.blocks };
  const { blocks, stoppedAt } = findBlocks(tr.state, from, before, resync);
  if (resync && stoppedAt !== null) {
    const oldStop = stoppedAt - resync.shift;
    for (const b of resync.oldBlocks)
      if (b.kind !== 'frontmatter' && b.from >= oldStop)
        blocks.push({ ...b, from: b.from + resync.shift, to: b.to + resync.shift });
    return { blocks, deco: draw(tr.state, blocks), pending: Number.POSITIVE_INFINITY, rejoin: null };
  }
  const pending = pendingAfter(tr.state);
  return { blocks, deco: draw(tr.state, blocks), pending, rejoin: Number.isFinite(pending) ? resync : null };
}

/**
 * Live Preview's block part (block decorations must come from state, not a view plugin):
 * tables, embeds on their own line and the frontmatter. The frontmatter is always folded away,
 * since the Properties panel above shows and edits it (source mode shows it as text). A table is
 * drawn while no selection is in it; an embed's line is replaced by the embed, and while the
 * line is edited the embed is drawn under it. Finding blocks walks only the tree's top level.
 */
export const blockPreview = StateField.define<BlockState>({
  create(state) {
    return walked(state, 0, []);
  },
  update(value, tr) {
    if (!tr.docChanged && !Number.isFinite(value.pending) && changed(tr)) {
      // A new tree of the same text, with every block already found over a whole tree: the
      // parser finishing a reparse it had stopped (the blocks stand), or another language
      // (walk it all).
      if (tr.state.facet(language) !== tr.startState.facet(language)) return walked(tr.state, 0, []);
    } else if (changed(tr)) return edited(value, tr);
    if (tr.selection) return { ...value, deco: draw(tr.state, value.blocks) };
    return value;
  },
  provide: (f) => EditorView.decorations.from(f, (v) => v.deco),
});
