import { createSignal, onCleanup } from 'solid-js';

/**
 * The place in the app lives in the URL hash, so reload, back and links keep it:
 * `#/note/<id>` opens a note; `#/<section>/<...>` opens another section. No hash: the notes.
 */
export function createRoute() {
  const read = () =>
    location.hash
      .replace(/^#\/?/, '')
      .split('/')
      .filter((s) => s !== '')
      .map(decodeURIComponent);
  const [segments, setSegments] = createSignal<string[]>(read());
  const onHash = () => setSegments(read());
  window.addEventListener('hashchange', onHash);
  onCleanup(() => window.removeEventListener('hashchange', onHash));
  const go = (...parts: string[]) => {
    location.hash = `#/${parts.map(encodeURIComponent).join('/')}`;
  };
  return {
    /** 'notes' for the notes area (also when a note is open), else a section id */
    section: () => {
      const first = segments()[0];
      return first === undefined || first === 'note' ? 'notes' : first;
    },
    /** the segments after the section id */
    path: () => segments().slice(1),
    noteId: () => (segments()[0] === 'note' ? (segments()[1] ?? null) : null),
    go,
    openNote: (id: string) => go('note', id),
    closeNote() {
      if (segments().length) history.pushState(null, '', location.pathname + location.search);
      setSegments([]);
    },
  };
}
