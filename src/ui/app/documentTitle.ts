/** What the browser's tab, history and a screen reader's window list call the current view. */
export interface TitledView {
  /** the open note's title (null while none is open, or before its header has loaded) */
  noteTitle: string | null;
  /** the section's visible label ("Tasks"); undefined for an unknown section */
  sectionLabel: string | undefined;
}

const APP = 'Cairn';

/**
 * "Garden plan – Cairn", "Tasks – Cairn", "Notes – Cairn": the most specific thing shown first,
 * so tabs cut short still tell views apart. A blank title reads as the editor shows it.
 */
export function documentTitle(view: TitledView): string {
  const note = view.noteTitle?.trim();
  if (view.noteTitle !== null) return `${note || 'Untitled'} – ${APP}`;
  return `${view.sectionLabel ?? 'Notes'} – ${APP}`;
}
