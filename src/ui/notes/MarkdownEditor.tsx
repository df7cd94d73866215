import { defaultKeymap, indentWithTab } from '@codemirror/commands';
import { defaultHighlightStyle } from '@codemirror/language';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { drawSelection, EditorView, keymap, placeholder } from '@codemirror/view';
import { createSignal, createUniqueId, For, onCleanup, onMount } from 'solid-js';
import { yCollab, yUndoManagerKeymap } from 'y-codemirror.next';
import * as Y from 'yjs';
import { wikiLinks } from '../links/wikiLinkExtension';
import { fileDrop, type OnFiles } from './drop/fileDropExtension';
import { type EditorMode, storedEditorMode, storeEditorMode } from './livePreview/editorMode';
import { linkAssist } from './livePreview/linkAssist';
import { livePreview } from './livePreview/livePreview';
import { type PreviewHost, previewHost } from './livePreview/previewHost';
import { markdownSupport } from './markdownSupport';
import { hasRunawayParagraph } from './runawayParagraph';
import { viewportHighlighting } from './viewportHighlighting';
import './livePreview/editorModes.css';

/** Past this, one paragraph is shown as plain text (runawayParagraph.ts). */
const PARAGRAPH_LIMIT = 100_000;

const MODES: { mode: EditorMode; label: string }[] = [
  { mode: 'live', label: 'Live preview' },
  { mode: 'source', label: 'Source' },
  { mode: 'reading', label: 'Reading' },
];

interface Props {
  text: Y.Text;
  label: string;
  /** Ctrl/Cmd+click or Ctrl/Cmd+Enter on a `[[wiki link]]`: its inner text (`Title#Heading|alias`) */
  onFollowLink?: (inner: string) => void;
  /** files dropped on or pasted into the editor (attachments, embedded at the cursor) */
  onFiles?: OnFiles;
  /** the vault reads Live Preview's links and embeds need; without it they are drawn unresolved */
  host?: PreviewHost;
  /** the editor, once made (NoteEditor moves focus into it from the title) */
  onView?: (view: EditorView | null) => void;
}

/**
 * CodeMirror 6 bound to the note's Y.Text (y-codemirror.next): typing changes the CRDT document,
 * and updates from other tabs appear character by character. Undo is the Yjs undo manager, so it
 * undoes only this tab's edits. Live Preview, source mode and reading view are decorations and
 * settings over the same text (the markdown stays the only copy). Loaded on demand: it is not
 * part of the first paint.
 */
export default function MarkdownEditor(props: Props) {
  let host!: HTMLDivElement;
  const initial = props.text.toString();
  const plain = hasRunawayParagraph(initial, PARAGRAPH_LIMIT);
  const [mode, setMode] = createSignal<EditorMode>(storedEditorMode());
  const view$ = new Compartment();
  const modeExtensions = (m: EditorMode): Extension =>
    plain || m === 'source'
      ? []
      : [
          livePreview(m),
          m === 'reading' ? [EditorView.editable.of(false), EditorState.readOnly.of(true)] : [],
        ];
  let view: EditorView | undefined;
  // Tab indents here (indentWithTab), so the way out is told to every reader: CodeMirror never
  // handles a Tab pressed right after Escape (codemirror.net/examples/tab), and Ctrl+M
  // (Shift+Alt+M on macOS) switches Tab to moving focus until pressed again.
  const hintId = `editor-keys-${createUniqueId()}`;
  onMount(() => {
    const undo = new Y.UndoManager(props.text);
    view = new EditorView({
      parent: host,
      state: EditorState.create({
        doc: initial,
        extensions: [
          keymap.of([...yUndoManagerKeymap, ...defaultKeymap, ...searchKeymap, indentWithTab]),
          drawSelection(),
          highlightSelectionMatches(),
          plain ? [] : [markdownSupport(), viewportHighlighting(defaultHighlightStyle)],
          EditorView.lineWrapping,
          placeholder('Write in markdown…'),
          EditorView.contentAttributes.of({
            'aria-label': props.label,
            'aria-describedby': hintId,
            spellcheck: 'true',
          }),
          yCollab(props.text, null, { undoManager: undo }),
          previewHost.of(props.host ?? null),
          view$.of(modeExtensions(mode())),
          props.host ? linkAssist() : [],
          wikiLinks((inner) => props.onFollowLink?.(inner)),
          props.onFiles ? fileDrop(props.onFiles) : [],
        ],
      }),
    });
    props.onView?.(view);
    // `cairn:editor-ready`: the note's text is in the editor (npm run bench measures open time by it).
    performance.mark('cairn:editor-ready');
    onCleanup(() => {
      props.onView?.(null);
      view?.destroy();
      undo.destroy();
    });
  });
  const choose = (m: EditorMode) => {
    setMode(m);
    storeEditorMode(m);
    view?.dispatch({ effects: view$.reconfigure(modeExtensions(m)) });
  };
  return (
    <>
      {plain && (
        <p class="editor-hint" role="status">
          Shown as plain text: a paragraph of this note is over 100,000 characters, too long to highlight as
          markdown while you type.
        </p>
      )}
      {!plain && (
        <fieldset class="editor-modes">
          <legend class="visually-hidden">Editor view</legend>
          <For each={MODES}>
            {(m) => (
              <button type="button" aria-pressed={mode() === m.mode} onClick={() => choose(m.mode)}>
                {m.label}
              </button>
            )}
          </For>
        </fieldset>
      )}
      <p id={hintId} class="visually-hidden">
        Tab indents. To leave the editor, press Escape, then Tab.
      </p>
      <div class="cm-host" ref={host} />
    </>
  );
}
