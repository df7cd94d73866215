import { For, type JSX, Show } from 'solid-js';
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

/** Backlinks and outgoing links of the open note, each entry opening the other note. */
export function LinksPanel(props: Props) {
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
  return (
    <aside class="links-panel" aria-label="Links">
      {section('Backlinks', () => unique(links.latest?.backlinks, false), 'No note links here yet.')}
      {section('Outgoing links', () => unique(links.latest?.outgoing, false), 'This note links nowhere.')}
    </aside>
  );
}
