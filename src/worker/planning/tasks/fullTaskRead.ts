import type { NoteRow } from '../../db/notesTables';
import type { TaskRow } from '../../db/planningTables';
import type { SubtaskCounts, TaskLinks } from '../../domain/tasks/fullTask';
import { TaskState } from '../../domain/tasks/views/queryPort';
import { isTrashedTask } from '../../domain/trash/taskTrash';

/** What tasks.get reads about one task: its row, its subtask counts, the items tied to it. */
export interface FullTaskReads {
  row: TaskRow;
  counts: SubtaskCounts;
  links: TaskLinks;
}

/** The object stores the read spans (Dexie's table names). */
export const FULL_TASK_STORES = ['tasks', 'notes', 'canvases'] as const;

/**
 * tasks.get's reads in native IndexedDB on the stores Dexie keeps (src/worker/db/rawIdb.ts): ONE
 * read-only transaction over tasks, notes and canvases, and every request issued at once, before
 * any answer, so the storage process is asked once (docs/agent-tools.md, "Where a /mcp call spends
 * its time"):
 * - the row (`tasks` by id);
 * - its live subtasks and its completed ones: two counts of the `[parentKey+state]` index (open
 *   is 0, completed 1, archived 2: the live ones are the range [id, 0]..[id, 1]); no subtask row
 *   is read or cloned;
 * - the notes whose body links to it and the canvases with a card of it: the keys of the
 *   `linkedTaskIds` and `cardKeys` indexes (v17), in key order as Dexie's `primaryKeys()` gives.
 * The note the task was made from is asked for in the row's success event, while the others are
 * still in flight (its id is in the row), and only when the task has one. It counts when it is a
 * markdown note and no link listed it already (as `withSourceNote`).
 *
 * Dexie is left out on purpose: its transaction resolves only after IndexedDB's `complete` event,
 * one more round trip to the storage process after the last answer, and opening it through Dexie
 * cost ~0.25 ms here. The transaction is read-only, so every answer it gave is final on arrival.
 * Null when no task has that id.
 */
export function readFullTask(idb: IDBDatabase, taskId: string): Promise<FullTaskReads | null> {
  return new Promise((resolve, reject) => {
    const tx = idb.transaction(FULL_TASK_STORES, 'readonly');
    const tasks = tx.objectStore('tasks');
    const notes = tx.objectStore('notes');
    let row: TaskRow | undefined;
    let source: NoteRow | undefined;
    let live = 0;
    let completed = 0;
    let linking: string[] = [];
    let canvases: string[] = [];
    let pending = 0;
    const done = () => {
      if (--pending > 0) return;
      // a task in the Trash reads as absent (docs/trash.md)
      if (row === undefined || isTrashedTask(row)) return resolve(null);
      const notesLinking = new Set(linking);
      if (source?.fileType === 'markdown') notesLinking.add(source.id);
      resolve({
        row,
        counts: { subtaskCount: live, completedSubtaskCount: completed },
        links: { linkedNoteIds: [...notesLinking], linkedCanvasIds: canvases },
      });
    };
    const ask = <T>(req: IDBRequest<T>, take: (value: T) => void) => {
      pending += 1;
      req.onsuccess = () => {
        take(req.result);
        done();
      };
      req.onerror = () => reject(req.error);
    };
    ask(tasks.get(taskId) as IDBRequest<TaskRow | undefined>, (r) => {
      row = r;
      const sourceId = r?.sourceNoteId ?? null;
      if (sourceId !== null) ask(notes.get(sourceId) as IDBRequest<NoteRow | undefined>, (n) => (source = n));
    });
    const bySubtaskState = tasks.index('[parentKey+state]');
    ask(
      bySubtaskState.count(IDBKeyRange.bound([taskId, TaskState.open], [taskId, TaskState.completed])),
      (n) => {
        live = n;
      },
    );
    ask(bySubtaskState.count(IDBKeyRange.only([taskId, TaskState.completed])), (n) => {
      completed = n;
    });
    ask(notes.index('linkedTaskIds').getAllKeys(taskId) as IDBRequest<string[]>, (keys) => {
      linking = keys;
    });
    ask(
      tx.objectStore('canvases').index('cardKeys').getAllKeys(`task:${taskId}`) as IDBRequest<string[]>,
      (keys) => {
        canvases = keys;
      },
    );
    tx.onabort = () => reject(tx.error ?? new Error('the task read was aborted'));
  });
}
