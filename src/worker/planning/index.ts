import type { Operation } from '../ops/defineOperation';
import { createNoteBodies } from '../stores/noteBodies';
import { createNotesStore } from '../stores/notesStore';
import type { VaultServices } from '../vault/services';
import { canvasOperations } from './canvas/canvasOperations';
import { inboxOperations } from './inbox';
import type { NoteCreator } from './inbox/noteCreator';
import { journalOperations } from './journal/journalOperations';
import { tagOperations } from './tags/tagOperations';
import { projectOperations } from './tasks/projectOperations';
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
function notesCreator(services: VaultServices): NoteCreator {
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
    async remove(id) {
      await (await get()).delete(id);
    },
  };
}

/** The planning half's operations (tasks, projects, journal, inbox, ...), registered as they are built. */
export function planningOperations(services: VaultServices, timeZone = localTimeZone()): Operation[] {
  const tasks = createTaskStore(services, timeZone);
  return [
    ...taskReadOperations(tasks, services.db),
    ...taskWriteOperations(tasks),
    ...projectOperations(tasks),
    ...journalOperations(services, tasks),
    ...inboxOperations(services, tasks, notesCreator(services)),
    ...canvasOperations(services),
    ...tagOperations(services, tasks),
  ];
}
