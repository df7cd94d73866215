import { createSignal, createUniqueId, For, type JSX, Show } from 'solid-js';
import type { LinkEntry } from '../../worker/domain/notes/links/getLinks';
import type { VaultClient } from '../vault/createVaultClient';
import { createNoteLinks } from './createNoteLinks';
import './links.css';

interface Props {
  client: VaultClient;
  id: string;
  onOpen: (id: string) => void;
  /** an unresolved link's target: the editor offers to create it */
  onCreate: (title: string) => void;
}

const OPEN_KEY = 'cairn.linksPanel';

/**
 * Whether the panel starts open: as the user last left it (this device), else open on a desktop
 * and closed on a phone, where the note gets the screen (issue 19 parts 3 and 6).
 */
function startsOpen(): boolean {
  const kept = localStorage.getItem(OPEN_KEY);
  if (kept !== null) return kept === 'open';
  return !matchMedia('(max-width: 760px)').matches;
}

/**
 * Backlinks and outgoing links of the open note, each entry opening the other note, behind a
 * toggle that says how many there are.
 */
export function LinksPanel(props: Props) {
  const [open, setOpen] = createSignal(startsOpen());
  const bodyId = `links-${createUniqueId()}`;
  const toggle = () => {
    setOpen(!open());
    localStorage.setItem(OPEN_KEY, open() ? 'open' : 'closed');
  };
  const links = createNoteLinks(props.client, props.id);
  const section = (label: string, entries: () => LinkEntry[], empty: string): JSX.Element => (
    <section class="links-section" aria-label={label}>
      <h3>
        {label} <span class="links-count">{entries().length}</span>
      </h3>
      <Show when={entries().length > 0} fallback={<p class="links-empty">{empty}</p>}>
        <ul>
          <For each={entries()}>
            {(e) => (
              <li>
                <Show
                  when={e.note.id}
                  fallback={
                    <button
                      type="button"
                      class="link-entry unresolved"
                      title={`Create “${e.note.title}”`}
                      onClick={() => props.onCreate(e.target)}
                    >
                      {e.note.title}
                      <span class="link-folder">not created yet</span>
                    </button>
                  }
                >
                  {(noteId) => (
                    <button type="button" class="link-entry" onClick={() => props.onOpen(noteId())}>
                      {e.note.title}
                      <Show when={e.note.folder_path}>
                        <span class="link-folder">{e.note.folder_path}</span>
                      </Show>
                    </button>
                  )}
                </Show>
              </li>
            )}
          </For>
        </ul>
      </Show>
    </section>
  );
  // Several links between the same two notes show once per direction.
  const unique = (list: LinkEntry[] | undefined, self: boolean) => {
    const seen = new Set<string>();
    return (list ?? []).filter((e) => {
      if (!self && e.note.id === props.id) return false;
      const key = e.note.id ?? `?${e.note.title.toLowerCase()}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  };
  const backlinks = () => unique(links.latest?.backlinks, false);
  const outgoing = () => unique(links.latest?.outgoing, false);
  return (
    <aside class="links-panel" aria-label="Links" data-open={open() ? 'true' : 'false'}>
      <button
        type="button"
        class="links-toggle"
        aria-expanded={open()}
        aria-controls={bodyId}
        onClick={toggle}
      >
        <span class="links-caret" aria-hidden="true">
          ▸
        </span>
        Links{' '}
        <span class="links-count">
          {backlinks().length} {backlinks().length === 1 ? 'backlink' : 'backlinks'} · {outgoing().length}{' '}
          outgoing
        </span>
      </button>
      <div id={bodyId} class="links-body" hidden={!open()}>
        {section('Backlinks', backlinks, 'No note links here yet.')}
        {section('Outgoing links', outgoing, 'This note links nowhere.')}
      </div>
    </aside>
  );
}
