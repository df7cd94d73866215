import type { EditorState } from '@codemirror/state';
import { Facet } from '@codemirror/state';
import type { Span } from './revealed';

/**
 * `live`: rendered, the markdown of the lines under a selection shown as source; `reading`: all
 * rendered, nothing editable. (Source mode leaves Live Preview out altogether.)
 */
export type PreviewMode = 'live' | 'reading';

export const previewMode = Facet.define<PreviewMode, PreviewMode>({
  combine: (values) => values[0] ?? 'live',
});

/** The selections that reveal syntax: every selection in Live Preview, none in reading view. */
export function revealingSelections(state: EditorState): Span[] {
  if (state.facet(previewMode) === 'reading') return [];
  return state.selection.ranges.map((r) => ({ from: r.from, to: r.to }));
}
