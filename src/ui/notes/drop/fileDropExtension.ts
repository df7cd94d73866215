import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { carriesFiles } from './droppedFiles';

/** Called with the files and a function that inserts text at the cursor (at the drop point for a drop). */
export type OnFiles = (files: File[], pasted: boolean, insert: (text: string) => void) => void;

function inserter(view: EditorView): (text: string) => void {
  return (text) => {
    // The editor may have closed while the files were stored: the attachments stay, listed on the note.
    if (!view.dom.isConnected) return;
    view.dispatch(view.state.replaceSelection(text), { scrollIntoView: true });
  };
}

/**
 * Files dropped on the editor, or pasted into it (a copied image, a file copied in the file
 * manager), go to `onFiles` instead of CodeMirror's text handling. A paste that also carries
 * plain text (a spreadsheet's cells come with a picture of them) stays a text paste.
 */
export function fileDrop(onFiles: OnFiles): Extension {
  return EditorView.domEventHandlers({
    dragover(e) {
      if (!carriesFiles(e.dataTransfer)) return false;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
      return true;
    },
    drop(e, view) {
      const files = [...(e.dataTransfer?.files ?? [])];
      if (files.length === 0) return false;
      e.preventDefault();
      const pos = view.posAtCoords({ x: e.clientX, y: e.clientY }) ?? view.state.selection.main.head;
      view.dispatch({ selection: { anchor: pos } });
      onFiles(files, false, inserter(view));
      return true;
    },
    paste(e, view) {
      const data = e.clipboardData;
      const files = [...(data?.files ?? [])];
      if (files.length === 0 || (data?.getData('text/plain') ?? '') !== '') return false;
      e.preventDefault();
      onFiles(files, true, inserter(view));
      return true;
    },
  });
}
