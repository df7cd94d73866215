import FolderTreeIcon from 'lucide-solid/icons/folder-tree';
import SearchIcon from 'lucide-solid/icons/search';
import SettingsIcon from 'lucide-solid/icons/settings';
import { createEffect, createResource, createSignal, lazy, on, onCleanup, Show, Suspense } from 'solid-js';
import { Dynamic } from 'solid-js/web';
import type { AppError } from '../../shared/result';
import type { NoteSort } from '../../worker/stores/notesStore';
import { folderViewHref, folderViewSection } from '../folderView/folderViewSection';
import { graphSection } from '../graph/graphSection';
import { createFolderConfig } from '../notes/createFolderConfig';
import { createNoteList } from '../notes/createNoteList';
import { createNoteSelection } from '../notes/createNoteSelection';
import { FolderDropZone } from '../notes/drop/FolderDropZone';
import { FolderTree } from '../notes/FolderTree';
import { markFresh } from '../notes/freshNotes';
import { MoveNotesDialog } from '../notes/MoveNotesDialog';
import { moveNote } from '../notes/moveNote';
import { NoteList } from '../notes/NoteList';
import { newNoteInFolder } from '../notes/newNoteInFolder';
import { cancelTypeahead, startTypeahead } from '../notes/newNoteTypeahead';
import { planningSections } from '../planning/sections';
import { readOp, writeOp } from '../planning/shared/callOp';
import { createUpdatePrompt } from '../pwa/createUpdatePrompt';
import { UpdateToast } from '../pwa/UpdateToast';
import { applyAppearance } from '../settings/applyAppearance';
import { createSettings } from '../settings/createSettings';
import { createStoragePersistence } from '../settings/createStoragePersistence';
import { PersistNotice } from '../settings/PersistNotice';
import { deviceFacts } from '../settings/reportDevice';
import { createShortcuts } from '../shortcuts/createShortcuts';
import { focusWhenShown } from '../shortcuts/focusWhenShown';
import { oauthReturn } from '../sync/oauthReturn';
import { SyncIndicator } from '../sync/SyncIndicator';
import { createTagLooks } from '../tags/createTagLooks';
import { provideTagLooks } from '../tags/tagLooksContext';
import { ConfirmDialog } from '../trash/ConfirmDialog';
import { createTrashToast } from '../trash/createTrashToast';
import { TrashToastView } from '../trash/TrashToastView';
import { trashSection } from '../trash/trashSection';
import { createVaultClient } from '../vault/createVaultClient';
import { appCommands } from './appCommands';
import { createDocumentTitle } from './createDocumentTitle';
import { createDrawerFocus } from './createDrawerFocus';
import { createRoute } from './createRoute';
import { SectionNav } from './SectionNav';
import { SkipLink } from './SkipLink';
import { showWelcome } from './showWelcome';

// Sections of the notes half: the graph and the Trash (under More) and the folder table (from the folder tree).
const knowledgeSections = [graphSection, folderViewSection, trashSection];

// The editor (Yjs, CodeMirror) loads when a note opens, not with the first paint.
const NoteEditor = lazy(() => import('../notes/NoteEditor'));
// Dialogs load when first opened: the first paint needs none of them (docs/foundation.md, "Cold load").
const SearchDialog = lazy(() => import('../search/SearchDialog').then((m) => ({ default: m.SearchDialog })));
const SettingsDialog = lazy(() =>
  import('../settings/SettingsDialog').then((m) => ({ default: m.SettingsDialog })),
);
const CommandPalette = lazy(() =>
  import('../palette/CommandPalette').then((m) => ({ default: m.CommandPalette })),
);
const QuickSwitcher = lazy(() =>
  import('../palette/QuickSwitcher').then((m) => ({ default: m.QuickSwitcher })),
);
const ShortcutsHelp = lazy(() =>
  import('../shortcuts/ShortcutsHelp').then((m) => ({ default: m.ShortcutsHelp })),
);
// What the note list does not need for its first page loads right after it: the sidebar's folder
// actions, tags and import/export, reminder notices and the agent surfaces (whose mount the
// app's `data-ready` waits for, so an agent never calls before the bridge listens).
const FolderSettings = lazy(() =>
  import('../notes/FolderSettings').then((m) => ({ default: m.FolderSettings })),
);
const FolderActions = lazy(() => import('./FolderActions').then((m) => ({ default: m.FolderActions })));
const TagView = lazy(() => import('../tags/TagView').then((m) => ({ default: m.TagView })));
const ImportExport = lazy(() => import('../files/ImportExport').then((m) => ({ default: m.ImportExport })));
const ReminderNotices = lazy(() =>
  import('../planning/reminders/ReminderNotices').then((m) => ({ default: m.ReminderNotices })),
);
const AgentSurfaces = lazy(() =>
  import('../agent/AgentSurfaces').then((m) => ({ default: m.AgentSurfaces })),
);

interface AppProps {
  /** the vault this app shows (null: the one opened last); VaultRoot rebuilds the app on a switch */
  vaultId: string | null;
  switchVault: (id: string) => void;
}

export function App(props: AppProps) {
  const client = createVaultClient(props.vaultId);
  onCleanup(client.onSwitch(props.switchVault));
  const route = createRoute();
  showWelcome(client, route.openNote, () => route.noteId() !== null || route.section() !== 'notes');
  const persistence = createStoragePersistence();
  const settings = createSettings(client);
  provideTagLooks(createTagLooks(client));
  applyAppearance(settings);
  void deviceFacts().then((f) => client.api.reportDevice(f));
  const sections = () =>
    planningSections.filter((s) => settings.value('features')[s.id as 'tasks'] !== false);
  // The start section applies to a tab opened without a place in its address.
  if (location.hash === '' || location.hash === '#/')
    createEffect(
      on(
        () => settings.isLoaded('tab'),
        (loaded) => {
          const start = settings.value('tab').startSection;
          if (loaded && start !== 'notes' && route.section() === 'notes' && !route.noteId()) route.go(start);
        },
      ),
    );
  const updates = createUpdatePrompt();
  const [folder, setFolder] = createSignal<string | undefined>(undefined);
  // The whole vault's sort is this tab's; a folder's is its stored setting (notes.getFolderConfig).
  const [allSort, setAllSort] = createSignal<NoteSort>('modified');
  const folderConfig = createFolderConfig(client, folder);
  const sort = (): NoteSort =>
    folder() === undefined ? allSort() : (folderConfig.config()?.sort ?? 'modified');
  const setSort = async (value: NoteSort) => {
    if (folder() === undefined) return setAllSort(value);
    const err = await folderConfig.save({ sort: value });
    if (err) setError(err);
  };
  const [showFolders, setShowFolders] = createSignal(false);
  // The phone's folder drawer covers the page: going to a note or a section closes it.
  createEffect(on([route.noteId, route.section], () => setShowFolders(false), { defer: true }));
  let sidebar: HTMLElement | undefined;
  let foldersButton: HTMLButtonElement | undefined;
  const drawerKeys = createDrawerFocus({
    open: showFolders,
    close: () => setShowFolders(false),
    panel: () => sidebar,
    opener: () => foldersButton,
    isDrawer: () => matchMedia('(max-width: 760px)').matches,
  });
  // back from an identity provider's sign-in: Settings shows how it went (oauthReturn.ts)
  const [showSettings, setShowSettings] = createSignal(oauthReturn() !== null);
  const [showSearch, setShowSearch] = createSignal(false);
  const [showHelp, setShowHelp] = createSignal(false);
  const [showPalette, setShowPalette] = createSignal(false);
  const [showSwitcher, setShowSwitcher] = createSignal(false);
  const [sidebarHidden, setSidebarHidden] = createSignal(false);
  const [error, setError] = createSignal<AppError | null>(null);
  const [agentReady, setAgentReady] = createSignal(false);
  const [folderVersion, setFolderVersion] = createSignal(0);
  const [folders] = createResource(folderVersion, () => client.api.listFolders(), { initialValue: [] });
  onCleanup(
    client.onChange((b) => {
      if (b.changes.some((c) => c.table === 'folders')) setFolderVersion((v) => v + 1);
    }),
  );
  createDocumentTitle({
    client,
    noteId: route.noteId,
    section: route.section,
    label: (id) => [...planningSections, ...knowledgeSections].find((s) => s.id === id)?.label,
  });
  const list = createNoteList(client, folder, sort);
  const selection = createNoteSelection(client);
  const [showMove, setShowMove] = createSignal(false);

  const actions = {
    newNote: () => void newNote(),
    newTask: () => {
      route.go('tasks', 'today');
      focusWhenShown('input[aria-label="New task for today"]');
    },
    quickSearch: () => setShowSearch(true),
    goToday: () => route.go('tasks', 'today'),
    goInbox: () => route.go('inbox'),
    goJournal: () => route.go('journal'),
    goNotes: () => route.go(),
    toggleSidebar: () =>
      matchMedia('(max-width: 760px)').matches ? setShowFolders((v) => !v) : setSidebarHidden((v) => !v),
    openSettings: () => setShowSettings(true),
    showShortcuts: () => setShowHelp(true),
    commandPalette: () => setShowPalette(true),
    quickSwitcher: () => setShowSwitcher(true),
  };
  createShortcuts(settings, actions, { sections, open: (id) => route.go(id) });
  const commands = () =>
    appCommands({
      keyboard: () => settings.value('keyboard'),
      actions,
      sections,
      go: (id) => (id === 'notes' ? route.go() : route.go(id)),
      setTheme: (theme) => void settings.set('general', { theme }),
      note: () => {
        const id = route.noteId();
        if (!id) return null;
        return {
          close: route.closeNote,
          remove: () => void client.api.getNoteHeader(id).then((h) => h && deleteNote(id, h.title)),
        };
      },
    });

  async function newNote(title?: string) {
    const focused = document.activeElement;
    // keys typed before the new note's title has the focus go to it, not to what was pressed
    if (!title) startTypeahead();
    const f = folder();
    if (f !== undefined && title === undefined) {
      // The folder's template, when its settings name one (docs/notes.md, "Folder settings").
      const made = await newNoteInFolder(
        {
          read: (op: string, ...args: unknown[]) => readOp(client, op, ...args),
          write: (op: string, ...args: unknown[]) => writeOp(client, op, ...args),
        },
        f,
      );
      if (!made.ok) {
        cancelTypeahead();
        return setError(made.error);
      }
      if (made.value) {
        // a note from a template keeps the focus where it was (it is not a fresh note)
        cancelTypeahead();
        setError(null);
        route.openNote(made.value.id);
        void persistence.requestOnce();
        return;
      }
    }
    const res = await client.api.createNote({
      folderPath: folder() ?? settings.value('noteEditor').defaultFolder,
      ...(title ? { title } : {}),
    });
    if (!res.ok) {
      cancelTypeahead();
      return setError(res.error);
    }
    setError(null);
    // A note named from the quick switcher was asked for by name: it is kept even if left empty.
    if (!title) markFresh(res.value.id, focused);
    route.openNote(res.value.id);
    void persistence.requestOnce();
  }

  // A delete moves the note to the Trash with Undo (docs/trash.md); the setting asks first, in the app's own dialog.
  const trashToast = createTrashToast();
  const [askDelete, setAskDelete] = createSignal<{ id: string; title: string } | null>(null);
  function deleteNote(id: string, title: string) {
    if (settings.value('noteEditor').confirmDelete) setAskDelete({ id, title });
    else void trashNote(id, title);
  }
  async function trashNote(id: string, title: string) {
    const res = await client.api.deleteNote(id);
    if (!res.ok) return setError(res.error);
    route.closeNote();
    trashToast.show({
      what: `“${title}”`,
      undo: async () => {
        const back = await writeOp(client, 'trash.restore', 'note', id);
        if (back.ok) route.openNote(id);
        else setError(back.error);
      },
    });
  }

  function SectionView() {
    const section = () => [...planningSections, ...knowledgeSections].find((s) => s.id === route.section());
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
              settings={settings}
              path={route.path}
              go={(...parts: string[]) => route.go(s().id, ...parts)}
              trash={trashToast}
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
      data-ready={client.info() && agentReady() ? 'true' : undefined}
      data-leader={client.isLeader() ? 'true' : 'false'}
      data-sidebar={sidebarHidden() ? 'hidden' : undefined}
    >
      <SkipLink />
      <header class="app-bar">
        <button
          ref={foldersButton}
          type="button"
          class="folders-toggle bar-button"
          aria-expanded={showFolders()}
          aria-controls="sidebar"
          onClick={() => setShowFolders((v) => !v)}
        >
          <FolderTreeIcon aria-hidden="true" size={18} />
          <span class="bar-label">Folders</span>
        </button>
        <h1>Cairn</h1>
        <span class="vault-name" data-testid="vault-name">
          <Show when={client.info()?.icon}>
            <span aria-hidden="true">{client.info()?.icon} </span>
          </Show>
          {client.info()?.name}
        </span>
        <SectionNav sections={sections} current={route.section} />
        <button
          type="button"
          class="bar-button"
          onClick={() => setShowSearch(true)}
          aria-keyshortcuts="Control+K Meta+K"
        >
          <SearchIcon aria-hidden="true" size={18} />
          <span class="bar-label">Search</span>
        </button>
        <SyncIndicator client={client} />
        <PersistNotice state={persistence.state} />
        <button
          type="button"
          onClick={() => setShowSettings(true)}
          aria-keyshortcuts="Control+Comma Meta+Comma"
          class="bar-button"
        >
          <SettingsIcon aria-hidden="true" size={18} />
          <span class="bar-label">Settings</span>
        </button>
      </header>
      <Show when={route.section() === 'notes'} fallback={<SectionView />}>
        <aside
          id="sidebar"
          ref={sidebar}
          class="sidebar"
          data-open={showFolders() ? 'true' : undefined}
          onKeyDown={drawerKeys}
        >
          <FolderTree
            folders={folders()}
            selected={folder()}
            onSelect={(f) => {
              setFolder(f);
              setShowFolders(false);
            }}
            onDropNotes={(f, ids) => void selection.moveTo(f, ids)}
          />
          <FolderActions
            client={client}
            folder={folder()}
            onFolder={(f) => {
              setFolder(f);
              setShowFolders(false);
            }}
            onError={setError}
            toast={trashToast}
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
                onChange={(e) => void setSort(e.currentTarget.value as NoteSort)}
              >
                <option value="modified">Recently edited</option>
                <option value="title">Title</option>
                <Show when={folder() !== undefined}>
                  <option value="manual">Manual</option>
                </Show>
              </select>
            </label>
            <Show when={folder() !== undefined}>
              <FolderSettings
                client={client}
                folder={folder() ?? ''}
                config={folderConfig.config()}
                save={(patch) => folderConfig.save(patch)}
                onError={setError}
              />
              <a class="button-link" href={folderViewHref(folder() ?? '')}>
                Table view
              </a>
            </Show>
            <button type="button" aria-pressed={selection.selecting()} onClick={() => selection.toggleMode()}>
              Select
            </button>
            <button type="button" class="primary" onClick={() => void newNote()}>
              New note
            </button>
          </div>
          <Show when={selection.selecting()}>
            <div class="selection-bar" role="toolbar" aria-label="Selected notes">
              <span>{selection.picked().size} selected</span>
              <button
                type="button"
                disabled={selection.picked().size === 0}
                onClick={() => setShowMove(true)}
              >
                Move to…
              </button>
            </div>
          </Show>
          <Show when={selection.status()}>{(m) => <p role="status">{m()}</p>}</Show>
          <Show when={showMove()}>
            <MoveNotesDialog
              count={selection.picked().size}
              folders={folders()}
              current={folder()}
              onMove={(f) => selection.moveTo(f)}
              onClose={() => setShowMove(false)}
            />
          </Show>
          <p class="count" aria-live="polite">
            {list.total()} {list.total() === 1 ? 'note' : 'notes'}
          </p>
          <FolderDropZone client={client} folder={folder() ?? ''}>
            <NoteList
              total={list.total()}
              at={list.at}
              selectedId={route.noteId()}
              onOpen={route.openNote}
              manual={folder() !== undefined && sort() === 'manual'}
              {...(selection.selecting()
                ? { selected: selection.picked(), onToggleSelect: (id: string) => selection.toggle(id) }
                : {})}
              onMove={async (id, _from, to) => {
                const err = await moveNote(client, folder() ?? '', id, to);
                if (err) setError(err);
              }}
            />
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
          client={client}
          settings={settings}
          persistence={persistence}
          isLeader={client.isLeader()}
          vaultName={client.info()?.name ?? ''}
          onClose={() => setShowSettings(false)}
        />
      </Show>
      <Show when={showPalette()}>
        <CommandPalette commands={commands} onClose={() => setShowPalette(false)} />
      </Show>
      <Show when={showSwitcher()}>
        <QuickSwitcher
          client={client}
          onOpen={route.openNote}
          onCreate={(title) => void newNote(title)}
          onClose={() => setShowSwitcher(false)}
        />
      </Show>
      <Show when={showHelp()}>
        <ShortcutsHelp settings={settings} sections={sections()} onClose={() => setShowHelp(false)} />
      </Show>
      <Show when={askDelete()}>
        {(a) => (
          <ConfirmDialog
            title="Move to Trash?"
            message={`“${a().title}” goes to the Trash, where it stays for 30 days.`}
            confirmLabel="Move to Trash"
            onConfirm={() => {
              setAskDelete(null);
              void trashNote(a().id, a().title);
            }}
            onCancel={() => setAskDelete(null)}
          />
        )}
      </Show>
      <TrashToastView toast={trashToast} />
      <UpdateToast prompt={updates} />
      <ReminderNotices client={client} />
      <AgentSurfaces client={client} noteId={route.noteId} onReady={() => setAgentReady(true)} />
    </div>
  );
}
