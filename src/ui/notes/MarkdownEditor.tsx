import { defaultKeymap, indentWithTab } from '@codemirror/commands';
import { markdown } from '@codemirror/lang-markdown';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { EditorState } from '@codemirror/state';
import { drawSelection, EditorView, keymap, placeholder } from '@codemirror/view';
import { onCleanup, onMount } from 'solid-js';
import { yCollab, yUndoManagerKeymap } from 'y-codemirror.next';
import * as Y from 'yjs';
import { wikiLinks } from '../links/wikiLinkExtension';
import { fileDrop, type OnFiles } from './drop/fileDropExtension';
import { hasRunawayParagraph } from './runawayParagraph';

/** Past this, one paragraph is shown as plain text (runawayParagraph.ts). */
const PARAGRAPH_LIMIT = 100_000;

interface Props {
  text: Y.Text;
  label: string;
  /** Ctrl/Cmd+click or Ctrl/Cmd+Enter on a `[[wiki link]]`: its inner text (`Title#Heading|alias`) */
  onFollowLink?: (inner: string) => void;
  /** files dropped on or pasted into the editor (attachments, embedded at the cursor) */
  onFiles?: OnFiles;
}

/**
 * CodeMirror 6 bound to the note's Y.Text (y-codemirror.next): typing changes the CRDT document,
 * and updates from other tabs appear character by character. Undo is the Yjs undo manager, so it
 * undoes only this tab's edits. Loaded on demand: it is not part of the first paint.
 */
export default function MarkdownEditor(props: Props) {
  let host!: HTMLDivElement;
  const initial = props.text.toString();
  const plain = hasRunawayParagraph(initial, PARAGRAPH_LIMIT);
  onMount(() => {
    const undo = new Y.UndoManager(props.text);
    const view = new EditorView({
      parent: host,
      state: EditorState.create({
        doc: initial,
        extensions: [
          keymap.of([...yUndoManagerKeymap, ...defaultKeymap, ...searchKeymap, indentWithTab]),
          drawSelection(),
          highlightSelectionMatches(),
          plain ? [] : [markdown(), syntaxHighlighting(defaultHighlightStyle, { fallback: true })],
          EditorView.lineWrapping,
          placeholder('Write in markdown…'),
          EditorView.contentAttributes.of({ 'aria-label': props.label, spellcheck: 'true' }),
          yCollab(props.text, null, { undoManager: undo }),
          wikiLinks((inner) => props.onFollowLink?.(inner)),
          props.onFiles ? fileDrop(props.onFiles) : [],
        ],
      }),
    });
    // `cairn:editor-ready`: the note's text is in the editor (npm run bench measures open time by it).
    performance.mark('cairn:editor-ready');
    onCleanup(() => {
      view.destroy();
      undo.destroy();
    });
  });
  return (
    <>
      {plain && (
        <p class="editor-hint" role="status">
          Shown as plain text: a paragraph of this note is over 100,000 characters, too long to highlight as
          markdown while you type.
        </p>
      )}
      <div class="cm-host" ref={host} />
    </>
  );
}
