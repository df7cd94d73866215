import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { blockPreview } from './blockPreview';
import { inlinePreview } from './inlinePreview';
import { frontmatterGuard, linkClicks } from './linkClicks';
import { linkStatus } from './linkStatus';
import { livePreviewTheme } from './livePreviewTheme';
import { type PreviewMode, previewMode } from './previewMode';

/** Live Preview (`live`) or reading view (`reading`): the editor's extensions for either. */
export function livePreview(mode: PreviewMode): Extension {
  return [
    previewMode.of(mode),
    EditorView.editorAttributes.of({ class: `cm-lp cm-lp-${mode}` }),
    inlinePreview,
    blockPreview,
    linkStatus,
    linkClicks,
    frontmatterGuard,
    livePreviewTheme,
  ];
}
