/**
 * How the note is shown: `live` (Live Preview, the default), `source` (plain markdown) or
 * `reading` (rendered, not editable). Remembered on this device (localStorage), for every note,
 * as Obsidian remembers its default view.
 */
export type EditorMode = 'live' | 'source' | 'reading';

const KEY = 'cairn:editor-mode';
const MODES: readonly EditorMode[] = ['live', 'source', 'reading'];

export function storedEditorMode(): EditorMode {
  try {
    const v = localStorage.getItem(KEY);
    return MODES.includes(v as EditorMode) ? (v as EditorMode) : 'live';
  } catch {
    return 'live';
  }
}

export function storeEditorMode(mode: EditorMode): void {
  try {
    localStorage.setItem(KEY, mode);
  } catch {
    // storage refused (private mode): the choice lasts for this page
  }
}
