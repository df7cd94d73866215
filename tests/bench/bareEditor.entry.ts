// The typing floor's page (largeNote.ts bundles it with esbuild): a bare CodeMirror with only the
// default keys and the markdown language, the app's (cut fragments, markdownSupport.ts) or the stock one, in a page
// with nothing else. What the app adds on top of this is the figure's cost.
import { defaultKeymap } from '@codemirror/commands';
import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { syntaxTree } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { markdownSupport } from '../../src/ui/notes/markdownSupport';

const w = window as unknown as {
  bareEditor: (doc: string, stock: boolean) => void;
  /** The syntax tree covers the whole note (the background parse is done). */
  bareParsed: () => boolean;
};
w.bareEditor = (doc, stock) => {
  // a scrolling box the window's height, as the app's editor host is (.cm-host)
  const host = document.createElement('div');
  host.style.cssText = 'height: 100vh; overflow: auto';
  document.body.style.margin = '0';
  document.body.replaceChildren(host);
  const view = new EditorView({
    parent: host,
    state: EditorState.create({
      doc,
      extensions: [
        // the default keys (Ctrl+End goes to the end of the note, as in the app)
        keymap.of(defaultKeymap),
        stock ? markdown({ base: markdownLanguage }) : markdownSupport(),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-label': 'Note body' }),
      ],
    }),
  });
  w.bareParsed = () => syntaxTree(view.state).length >= view.state.doc.length;
};
