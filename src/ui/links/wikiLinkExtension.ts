import { type Extension, Prec } from '@codemirror/state';
import {
  Decoration,
  EditorView,
  keymap,
  MatchDecorator,
  ViewPlugin,
  type ViewUpdate,
} from '@codemirror/view';
import { wikiLinkAt } from './wikiLinkAt';

/**
 * Wiki links in the editor: each `[[...]]` is marked (class `cm-wikilink`, a title saying how to
 * follow it), and Ctrl/Cmd+click on one, or Ctrl/Cmd+Enter with the cursor in one, calls
 * `follow` with the link's inner text (`Title#Heading|alias`). Plain clicks keep placing the
 * cursor, so a link stays editable.
 */
export function wikiLinks(follow: (inner: string) => void): Extension {
  const decorator = new MatchDecorator({
    regexp: /!?\[\[[^[\]\n]+?\]\]/g,
    decoration: Decoration.mark({
      class: 'cm-wikilink',
      attributes: { title: 'Ctrl/Cmd+click or Ctrl/Cmd+Enter to open' },
    }),
  });
  const marks = ViewPlugin.define(
    (view) => ({
      decorations: decorator.createDeco(view),
      update(u: ViewUpdate) {
        this.decorations = decorator.updateDeco(u, this.decorations);
      },
    }),
    { decorations: (v) => v.decorations },
  );

  const followAt = (view: EditorView, pos: number): boolean => {
    const line = view.state.doc.lineAt(pos);
    const hit = wikiLinkAt(line.text, pos - line.from);
    if (!hit) return false;
    follow(hit.inner);
    return true;
  };

  return [
    marks,
    EditorView.domEventHandlers({
      mousedown(event, view) {
        if (!(event.ctrlKey || event.metaKey) || event.button !== 0) return false;
        const pos = view.posAtCoords({ x: event.clientX, y: event.clientY });
        if (pos === null || !followAt(view, pos)) return false;
        event.preventDefault();
        return true;
      },
    }),
    // Above the default keymap, whose Mod-Enter inserts a blank line (outside a link it still does).
    Prec.high(
      keymap.of([{ key: 'Mod-Enter', run: (view) => followAt(view, view.state.selection.main.head) }]),
    ),
    EditorView.baseTheme({
      '.cm-wikilink': { color: 'var(--accent, #2563eb)', textDecoration: 'underline', cursor: 'pointer' },
    }),
  ];
}
