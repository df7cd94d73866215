import type { Operation } from '../ops/defineOperation';
import { createNoteTagIndex } from '../ops/tags/noteTagIndex';
import { createSettingsStore, type SettingsStore } from '../settings/settingsStore';
import type { NoteBodies } from '../stores/noteBodies';
import { createNoteBodies } from '../stores/noteBodies';
import { createNotesStore } from '../stores/notesStore';
import type { VaultServices } from '../vault/services';
import { canvasAssetOperations } from './canvas/canvasAssetOperations';
import { canvasCardOperations } from './canvas/canvasCardOperations';
import { canvasFilesOperation } from './canvas/canvasFilesOperation';
import { canvasLibraryOperation } from './canvas/canvasLibraryOperation';
import { canvasOperations } from './canvas/canvasOperations';
import { inboxOperations } from './inbox';
import { browserNet } from './inbox/inboxAssistOperations';
import type { NoteCreator } from './inbox/noteCreator';
import { journalOperations } from './journal/journalOperations';
import { tagGroup } from './tags';
import { captureUrlToProjectOperation } from './tasks/captureUrlToProject';
import { projectContentsOperation } from './tasks/projectContentsOperation';
import { projectLinkOperations } from './tasks/projectLinkOperations';
import { createProjectLinkWriter } from './tasks/projectLinkWriter';
import { projectOperations } from './tasks/projectOperations';
import { taskLinkOperations } from './tasks/taskLinkOperations';
import { taskReadOperations } from './tasks/taskReadOperations';
import { createTaskStore } from './tasks/taskStore';
import { taskWriteOperations } from './tasks/taskWriteOperations';

/** The user's IANA time zone: what "today" and a repeating task's completion day mean. */
const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Notes made by the inbox go through the notes store's own create, built on first use (most
 * sessions never file a capture as a note). Its bodies instance has no cross-tab channel: a new
 * note has no open editor anywhere, and the change feed announces it.
 */
export function notesCreator(services: VaultServices): NoteCreator {
  let notes: ReturnType<typeof createNotesStore> | null = null;
  const get = async () => {
    if (notes === null) {
      const bodies = createNoteBodies(services, null);
      await bodies.links.ensureLoaded();
      notes ??= createNotesStore({ ...services, bodies });
    }
    return notes;
  };
  return {
    async create(input) {
      const res = await (await get()).create(input);
      return res.ok ? { ok: true, value: { id: res.value.id, title: res.value.title } } : res;
    },
    async attach(noteId, name, blob, mimeType) {
      const res = await (await get()).attachments.upload(noteId, name, blob, mimeType);
      return res.ok
        ? { ok: true, value: { id: res.value.id, name: res.value.name, file: res.value.file } }
        : res;
    },
    async append(noteId, markdown) {
      const store = await get();
      const note = await store.get(noteId);
      if (note?.fileType !== 'markdown')
        return {
          ok: false,
          error: { code: 'NOT_FOUND', message: `no note ${JSON.stringify(noteId)}`, field: 'noteId' },
        };
      // The body is a CRDT document: the store writes the smallest splice, so an edit made
      // meanwhile in an open editor merges rather than being overwritten.
      const before = note.markdown.trimEnd();
      const res = await store.updateBody(noteId, before === '' ? markdown : `${before}\n\n${markdown}`);
      return res.ok ? { ok: true, value: { id: noteId, title: res.value.title } } : res;
    },
    async remove(id) {
      // a note filing just made, undone while unedited: never the user's content, so not kept in
      // the Trash (docs/trash.md); the capture is back in the inbox with its bytes
      const gone = await (await get()).deleteForever([id]);
      if (!gone.ok) throw new Error(gone.error.message);
    },
  };
}

/** A channel-less note bodies instance made on the first rewrite (most callers never retag a note). */
function lazyBodies(services: VaultServices): Pick<NoteBodies, 'replaceText'> {
  let bodies: NoteBodies | null = null;
  return {
    replaceText: (...args) => {
      bodies ??= createNoteBodies(services, null);
      return bodies.replaceText(...args);
    },
  };
}

/**
 * The planning half's operations (tasks, projects, journal, inbox, tags, ...), registered as they
 * are built. `bodies` is the vault's note bodies (tags rewrite note text through them, so open
 * editors in every tab merge the edit); without it a channel-less instance is made, which is
 * enough where no editor is open (tests, the describe build). `settings` is the vault's settings
 * store (the journal's entry template, the inbox's link previews, a new task's default project and priority, whether boards list completed tasks); without it one over the vault's
 * synced settings table is made, which reads the same values for those synced groups.
 */
export function planningOperations(
  services: VaultServices,
  timeZone = localTimeZone(),
  bodies: Pick<NoteBodies, 'replaceText'> = lazyBodies(services),
  settings: Pick<SettingsStore, 'getGroup'> = createSettingsStore(services),
): Operation[] {
  const tasks = createTaskStore(services, timeZone);
  const createNote = notesCreator(services);
  return [
    ...taskReadOperations(tasks, services.db, async () => (await settings.getGroup('task')).showCompleted),
    ...taskWriteOperations(tasks, () => settings.getGroup('task')),
    ...taskLinkOperations(tasks, services.db),
    ...projectOperations(tasks),
    ...projectLinkOperations(services, tasks),
    projectContentsOperation(tasks, services.db),
    captureUrlToProjectOperation(
      services,
      createProjectLinkWriter(services, tasks),
      createNote,
      browserNet,
      settings,
    ),
    ...journalOperations(services, tasks, settings, timeZone),
    ...inboxOperations(services, tasks, createNote, undefined, settings),
    ...canvasOperations(services),
    ...canvasCardOperations(services.db),
    ...canvasAssetOperations(services.db),
    canvasLibraryOperation(services.db),
    canvasFilesOperation(services.db),
    ...tagGroup(services, tasks, createNoteTagIndex(services.db, bodies)),
  ];
}
