import { afterEach, beforeEach } from 'vitest';
import type { TaskRecord } from '../../../src/worker/domain/tasks/types';
import { createNoteBodies } from '../../../src/worker/stores/noteBodies';
import { createNotesStore } from '../../../src/worker/stores/notesStore';
import { openTestVault, value } from './harness';

/**
 * A test vault (harness.ts) with the notes store beside the planning operations, and helpers
 * that make a task through `tasks.create` or a markdown note.
 */
export async function openNoteTaskVault() {
  const v = await openTestVault();
  const notes = createNotesStore({ ...v.services, bodies: createNoteBodies(v.services, null) });
  const task = async (title: string, extra: Record<string, unknown> = {}) =>
    value<{ task: TaskRecord }>(await v.write('tasks.create', { title, ...extra })).task;
  const note = async (title: string, markdown: string) => {
    const res = await notes.create({ title, markdown });
    if (!res.ok) throw new Error(res.error.message);
    return res.value;
  };
  return { v, notes, task, note };
}

export type NoteTaskVault = Awaited<ReturnType<typeof openNoteTaskVault>>;

/** A fresh `openNoteTaskVault()` for each test of the calling file, deleted after it. */
export function useNoteTaskVault(): NoteTaskVault {
  const vault = {} as NoteTaskVault;
  beforeEach(async () => {
    Object.assign(vault, await openNoteTaskVault());
  });
  afterEach(() => vault.v.close());
  return vault;
}
