import { EditorSelection, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { linkDestination } from './followUrl';
import { frontmatterEnd } from './frontmatterRange';
import { previewHost } from './previewHost';
import { revealingSelections } from './previewMode';
import { isRevealed } from './revealed';

/**
 * Following rendered links: a press on a link of a rendered line follows it (a wiki link or a
 * local markdown link inside the app, a web address in a new tab); on the line being edited a
 * plain press places the cursor, so the link stays editable, and Ctrl/Cmd+press follows it.
 * Cairn has no side-by-side view, so the modifier opens the note in place too.
 */
export const linkClicks = EditorView.domEventHandlers({
  mousedown(event, view) {
    if (event.button !== 0) return false;
    const el = (event.target as HTMLElement).closest<HTMLElement>('[data-lp-wiki],[data-lp-href]');
    if (!el) return false;
    const pos = view.posAtDOM(el);
    const line = view.state.doc.lineAt(pos);
    const editing = isRevealed(revealingSelections(view.state), line.from, line.to);
    if (editing && !(event.ctrlKey || event.metaKey)) return false;
    const host = view.state.facet(previewHost);
    const wiki = el.dataset.lpWiki;
    event.preventDefault();
    if (wiki !== undefined) {
      host?.follow(wiki);
      return true;
    }
    const dest = linkDestination(el.dataset.lpHref ?? '');
    if ('external' in dest) window.open(dest.external, '_blank', 'noopener,noreferrer');
    else host?.follow(dest.local);
    return true;
  },
});

/**
 * The frontmatter is folded into the Properties panel, so an empty cursor never rests inside
 * it (typing there would write into the YAML unseen): it is moved to the body's start. A range
 * selection (select all) still covers it.
 */
export const frontmatterGuard = EditorState.transactionFilter.of((tr) => {
  if (!tr.selection) return tr;
  const main = tr.selection.main;
  if (tr.selection.ranges.length !== 1 || !main.empty) return tr;
  const end = frontmatterEnd(tr.newDoc);
  if (end === 0 || main.head >= end || end > tr.newDoc.length) return tr;
  return [tr, { selection: EditorSelection.cursor(end), sequential: true }];
});
