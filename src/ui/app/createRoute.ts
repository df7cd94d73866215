import { createSignal, onCleanup } from 'solid-js';

/** The open note lives in the URL hash (`#/note/<id>`), so reload, back and links keep it. */
export function createRoute() {
  const read = () => {
    const m = /^#\/note\/(.+)$/.exec(location.hash);
    return m ? decodeURIComponent(m[1]!) : null;
  };
  const [noteId, setNoteId] = createSignal<string | null>(read());
  const onHash = () => setNoteId(read());
  window.addEventListener('hashchange', onHash);
  onCleanup(() => window.removeEventListener('hashchange', onHash));
  return {
    noteId,
    openNote(id: string) {
      location.hash = `#/note/${encodeURIComponent(id)}`;
    },
    closeNote() {
      if (read()) history.pushState(null, '', location.pathname + location.search);
      setNoteId(null);
    },
  };
}
