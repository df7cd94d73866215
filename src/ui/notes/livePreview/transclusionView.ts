import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { inlinePreview } from './inlinePreview';
import { livePreviewTheme } from './livePreviewTheme';
import { previewMode } from './previewMode';

/**
 * A transcluded note's section drawn as the reading view draws it (inline rendering, nothing
 * editable), in its own small editor view: the embedded text is shown, never copied into this
 * note. Embeds inside it are not drawn again (no recursion through notes that embed each other).
 */
export function transclusionView(text: string, parent: HTMLElement): EditorView {
  return new EditorView({
    parent,
    state: EditorState.create({
      doc: text,
      extensions: [
        markdown({ base: markdownLanguage }),
        previewMode.of('reading'),
        inlinePreview,
        livePreviewTheme,
        EditorView.editorAttributes.of({ class: 'cm-lp' }),
        EditorView.editable.of(false),
        EditorState.readOnly.of(true),
        EditorView.lineWrapping,
      ],
    }),
  });
}
