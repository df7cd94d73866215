import { createResource, createSignal, For, lazy, onCleanup, Show, Suspense } from 'solid-js';
import { Dynamic } from 'solid-js/web';
import type { AppError } from '../../shared/result';
import type { NoteSort } from '../../worker/stores/notesStore';
import { AgentSurfaces } from '../agent/AgentSurfaces';
import { ImportExport } from '../files/ImportExport';
import { createNoteList } from '../notes/createNoteList';
import { FolderDropZone } from '../notes/drop/FolderDropZone';
import { FolderTree } from '../notes/FolderTree';
import { NoteList } from '../notes/NoteList';
import { ReminderNotices } from '../planning/reminders/ReminderNotices';
import { planningSections } from '../planning/sections';
import { createUpdatePrompt } from '../pwa/createUpdatePrompt';
import { UpdateToast } from '../pwa/UpdateToast';
import { SearchDialog } from '../search/SearchDialog';
import { createStoragePersistence } from '../settings/createStoragePersistence';
import { SettingsDialog } from '../settings/SettingsDialog';
import { createTheme } from '../settings/theme';
import { SyncIndicator } from '../sync/SyncIndicator';
import { TagView } from '../tags/TagView';
import { createVaultClient } from '../vault/createVaultClient';
import { createRoute } from './createRoute';
import { FolderActions } from './FolderActions';

// The editor (Yjs, CodeMirror) loads when a note opens, not with the first paint.
const NoteEditor = lazy(() => import('../notes/NoteEditor'));

export function App() {
  const client = createVaultClient();
  const route = createRoute();
  const persistence = createStoragePersistence();
  const theme = createTheme();
  const updates = createUpdatePrompt();
  const [folder, setFolder] = createSignal<string | undefined>(undefined);
  const [sort, setSort] = createSignal<NoteSort>('modified');
  const [showFolders, setShowFolders] = createSignal(false);
  const [showSettings, setShowSettings] = createSignal(false);
  const [showSearch, setShowSearch] = createSignal(false);
  // Ctrl/Cmd+K: search from anywhere.
  const onKey = (e: KeyboardEvent) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
      e.preventDefault();
      setShowSearch(true);
    }
  };
  window.addEventListener('keydown', onKey);
  onCleanup(() => window.removeEventListener('keydown', onKey));
  const [error, setError] = createSignal<AppError | null>(null);
  const [folderVersion, setFolderVersion] = createSignal(0);
  const [folders] = createResource(folderVersion, () => client.api.listFolders(), { initialValue: [] });
  onCleanup(
    client.onChange((b) => {
      if (b.changes.some((c) => c.table === 'folders')) setFolderVersion((v) => v + 1);
    }),
  );
  const list = createNoteList(client, folder, sort);

  async function newNote() {
    const res = await client.api.createNote({ folderPath: folder() ?? '' });
    if (!res.ok) return setError(res.error);
    setError(null);
    route.openNote(res.value.id);
    void persistence.requestOnce();
  }

  async function deleteNote(id: string, title: string) {
    if (!confirm(`Delete “${title}”? This cannot be undone.`)) return;
    const res = await client.api.deleteNote(id);
    if (!res.ok) return setError(res.error);
    route.closeNote();
  }

  function SectionView() {
    const section = () => planningSections.find((s) => s.id === route.section());
    return (
      <main class="section-pane">
        <Show
          when={section()}
          fallback={
            <p class="empty">
              Nothing here. <a href="#/">Back to notes</a>
            </p>
          }
        >
          {(s) => (
            <Dynamic
              component={s().component}
              client={client}
              path={route.path}
              go={(...parts: string[]) => route.go(s().id, ...parts)}
            />
          )}
        </Show>
      </main>
    );
  }

  return (
    <div
      class="app"
      data-view={route.noteId() ? 'note' : 'list'}
      data-section={route.section()}
      data-ready={client.info() ? 'true' : undefined}
      data-leader={client.isLeader() ? 'true' : 'false'}
    >
      <header class="app-bar">
        <button
          type="button"
          class="folders-toggle"
          aria-expanded={showFolders()}
          aria-controls="sidebar"
          onClick={() => setShowFolders((v) => !v)}
        >
          Folders
        </button>
        <h1>Cairn</h1>
        <span class="vault-name">{client.info()?.name}</span>
        <Show when={planningSections.length > 0}>
          <nav class="sections" aria-label="Sections">
            <a href="#/" aria-current={route.section() === 'notes' ? 'page' : undefined}>
              Notes
            </a>
            <For each={planningSections}>
              {(s) => (
                <a href={`#/${s.id}`} aria-current={route.section() === s.id ? 'page' : undefined}>
                  {s.label}
                </a>
              )}
            </For>
          </nav>
        </Show>
        <button type="button" onClick={() => setShowSearch(true)} aria-keyshortcuts="Control+K Meta+K">
          Search
        </button>
        <SyncIndicator client={client} />
        <button type="button" onClick={() => setShowSettings(true)}>
          Settings
        </button>
      </header>
      <Show when={route.section() === 'notes'} fallback={<SectionView />}>
        <aside id="sidebar" class="sidebar" data-open={showFolders() ? 'true' : undefined}>
          <FolderTree
            folders={folders()}
            selected={folder()}
            onSelect={(f) => {
              setFolder(f);
              setShowFolders(false);
            }}
          />
          <FolderActions
            client={client}
            folder={folder()}
            onFolder={(f) => {
              setFolder(f);
              setShowFolders(false);
            }}
            onError={setError}
          />
          <TagView
            client={client}
            onOpen={(id) => {
              setShowFolders(false);
              route.openNote(id);
            }}
          />
          <ImportExport client={client} folder={folder()} />
        </aside>
        <main class="list-pane">
          <div class="list-bar">
            <h2 class="list-title">{folder() === undefined ? 'All notes' : folder() || 'Vault root'}</h2>
            <label>
              <span class="visually-hidden">Sort by</span>
              <select
                aria-label="Sort notes"
                value={sort()}
                onChange={(e) => setSort(e.currentTarget.value as NoteSort)}
              >
                <option value="modified">Recently edited</option>
                <option value="title">Title</option>
              </select>
            </label>
            <button type="button" class="primary" onClick={newNote}>
              New note
            </button>
          </div>
          <p class="count" aria-live="polite">
            {list.total()} {list.total() === 1 ? 'note' : 'notes'}
          </p>
          <FolderDropZone client={client} folder={folder() ?? ''}>
            <NoteList total={list.total()} at={list.at} selectedId={route.noteId()} onOpen={route.openNote} />
          </FolderDropZone>
        </main>
        <Show when={route.noteId()} keyed>
          {(id) => (
            <Suspense fallback={<section class="editor" aria-label="Editor" aria-busy="true" />}>
              <NoteEditor
                client={client}
                id={id}
                onClose={route.closeNote}
                onDelete={deleteNote}
                onOpen={route.openNote}
              />
            </Suspense>
          )}
        </Show>
      </Show>
      <Show when={error()}>
        {(e) => (
          <div class="toast error" role="alert">
            {e().message}
            <button type="button" onClick={() => setError(null)}>
              Dismiss
            </button>
          </div>
        )}
      </Show>
      <Show when={showSearch()}>
        <SearchDialog client={client} onOpen={route.openNote} onClose={() => setShowSearch(false)} />
      </Show>
      <Show when={showSettings()}>
        <SettingsDialog
          persistence={persistence}
          theme={theme}
          isLeader={client.isLeader()}
          vaultName={client.info()?.name ?? ''}
          onClose={() => setShowSettings(false)}
        />
      </Show>
      <UpdateToast prompt={updates} />
      <ReminderNotices client={client} />
      <AgentSurfaces client={client} noteId={route.noteId} />
    </div>
  );
}
