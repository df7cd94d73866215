import { type HighlightStyle, syntaxTree } from '@codemirror/language';
import { type Extension, Prec, RangeSetBuilder } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView, ViewPlugin, type ViewUpdate } from '@codemirror/view';
import type { Tree } from '@lezer/common';
import { type Highlighter, highlightTree } from '@lezer/highlight';

/**
 * Calls `put` with the highlighted spans of `tree` within each of `ranges`, as `highlightTree`
 * does, but entering the document's top level at the range (`childAfter`) instead of stepping
 * over every top-level block before it. `highlightTree` starts at the first child of the top node
 * and skips siblings one at a time: in a 1 MB note (~30,000 top-level blocks) that was ~16 ms a
 * key for the blocks above the screen. Each top-level block is highlighted as its own tree, which
 * gives the same spans for a grammar whose styles do not depend on the top node (markdown's: no
 * rule names the document; `Blockquote/...` and the like start at the block itself).
 */
export function highlightRanges(
  tree: Tree,
  highlighter: Highlighter | readonly Highlighter[],
  ranges: readonly { from: number; to: number }[],
  put: (from: number, to: number, cls: string) => void,
): void {
  for (const { from, to } of ranges) {
    const top = tree.topNode.cursor();
    if (!top.childAfter(from)) continue;
    do {
      if (top.from >= to) break;
      const at = top.from;
      highlightTree(
        top.node.toTree(),
        highlighter,
        (f, t, cls) => put(f + at, t + at, cls),
        Math.max(0, from - at),
        // never past the block: highlightTree ends by drawing its last style up to `to`
        Math.min(to, top.to) - at,
      );
    } while (top.nextSibling());
  }
}

/**
 * `syntaxHighlighting(style)` for the note editor, over the visible ranges through
 * `highlightRanges`, so a key's highlighting costs the screen, not the note. Rebuilt when the
 * tree or the viewport changes; while the parser has not reached the end of the viewport the
 * decorations are mapped through the edit (as CodeMirror's own highlighter does).
 */
export function viewportHighlighting(style: HighlightStyle): Extension {
  const marks: Record<string, Decoration> = Object.create(null);
  const build = (view: EditorView, tree: Tree): DecorationSet => {
    const builder = new RangeSetBuilder<Decoration>();
    highlightRanges(tree, style, view.visibleRanges, (from, to, cls) => {
      marks[cls] ??= Decoration.mark({ class: cls });
      builder.add(from, to, marks[cls]!);
    });
    return builder.finish();
  };
  const plugin = ViewPlugin.fromClass(
    class {
      tree: Tree;
      decorations: DecorationSet;
      decoratedTo: number;
      constructor(view: EditorView) {
        this.tree = syntaxTree(view.state);
        this.decorations = build(view, this.tree);
        this.decoratedTo = view.viewport.to;
      }
      update(u: ViewUpdate) {
        const tree = syntaxTree(u.state);
        const { viewport } = u.view;
        const mappedTo = u.changes.mapPos(this.decoratedTo, 1);
        if (tree.length < viewport.to && tree.type === this.tree.type && mappedTo >= viewport.to) {
          this.decorations = this.decorations.map(u.changes);
          this.decoratedTo = mappedTo;
        } else if (tree !== this.tree || u.viewportChanged) {
          this.tree = tree;
          this.decorations = build(u.view, tree);
          this.decoratedTo = viewport.to;
        }
      }
    },
    { decorations: (v) => v.decorations },
  );
  // high, as CodeMirror's own highlighter: its marks wrap the other extensions' marks
  return [style.module ? EditorView.styleModule.of(style.module) : [], Prec.high(plugin)];
}
