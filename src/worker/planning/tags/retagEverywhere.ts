import type { Change } from '../../changes/changeFeed';
import type { TagDefRow } from '../../db/planningTables';
import { tick } from '../../domain/clock/vectorClock';
import { isTagOrChild, retag } from '../../domain/tags/retag';
import { updateTask } from '../../domain/tasks/updateTask';
import { fail, ok, type Result } from '../../ops/result';
import type { NoteTagIndex } from '../../ops/tags/noteTagIndex';
import type { VaultServices } from '../../vault/services';
import type { TaskStore } from '../tasks/taskStore';
import { PlanningFailure, writeTx } from '../writeTx';
import { tagDefWriter } from './tagDefs';

export interface RetagAllReport {
  tag: string;
  to: string | null;
  /** notes whose text changed */
  changed: number;
  /** notes that could not be rewritten (broken frontmatter), with the reason; the rest went on */
  failed: { id: string; message: string }[];
  tasks: number;
  captures: number;
}

/**
 * Renames (`to` a tag), merges (`to` an existing tag) or deletes (`to` null) a tag, and the tags
 * below it, everywhere a tag lives: tasks, inbox captures and the tag's definition in ONE
 * transaction (each retagged task through the tasks domain, so its clocks tick), then the notes,
 * each rewritten through its CRDT document (frontmatter and inline `#tags`) so the edit merges
 * with typing in an open editor. A refusal (nothing carries the tag, a task would break its
 * limits) changes nothing; a note whose frontmatter cannot be read is skipped and reported.
 */
export function retagEverywhere(services: VaultServices, tasks: TaskStore, notes: NoteTagIndex) {
  const { db } = services;
  const defs = tagDefWriter(services);

  async function recordsTx(from: string, to: string | null, notesCarrying: number, changes: Change[]) {
    const fromKey = from.toLowerCase();
    const below = (t: string) => isTagOrChild(t, from);
    const taskIds = (await db.tasks
      .where('tags')
      .equalsIgnoreCase(from)
      .or('tags')
      .startsWithIgnoreCase(`${from}/`)
      .primaryKeys()) as string[];
    const items = (await db.inbox.where('tags').startsWithIgnoreCase(from).toArray()).filter((r) =>
      r.tags.some(below),
    );
    const defRows = (await db.tagDefs.where('key').startsWith(fromKey).toArray()).filter((d) => below(d.key));
    if (taskIds.length === 0 && items.length === 0 && defRows.length === 0 && notesCarrying === 0)
      throw new PlanningFailure({
        code: 'NOT_FOUND',
        message: `nothing carries the tag ${from}`,
        field: 'tag',
      });
    let taskCount = 0;
    for (const id of new Set(taskIds)) {
      const task = await tasks.ctx.read.getTask(id);
      const next = task && retag(task.tags, from, to);
      if (!next) continue;
      await tasks.editInside((ctx) => updateTask(ctx, id, { tags: next }), changes);
      taskCount++;
    }
    const stamp = new Date(services.now()).toISOString();
    const retagged = items.flatMap((r) => {
      const next = retag(r.tags, from, to);
      return next ? [{ ...r, tags: next, modifiedAt: stamp, clock: tick(r.clock, services.deviceId) }] : [];
    });
    if (retagged.length) {
      await db.inbox.bulkPut(retagged);
      changes.push({ table: 'inbox', op: 'put', ids: retagged.map((r) => r.id) });
    }
    await moveDefs(defRows, from, to, changes);
    return { tasks: taskCount, captures: retagged.length };
  }

  /** A rename moves each definition to its new key; onto an existing one, the target's looks win and pins join. */
  async function moveDefs(rows: TagDefRow[], from: string, to: string | null, changes: Change[]) {
    for (const def of rows) {
      await db.tagDefs.delete(def.key);
      changes.push({ table: 'tagDefs', op: 'delete', ids: [def.key] });
      if (to === null) continue;
      const name = to + def.name.slice(from.length);
      const target = await db.tagDefs.get(name.toLowerCase());
      const pins = [...new Set([...(target?.pinnedNoteIds ?? []), ...(def.pinnedNoteIds ?? [])])];
      const moved = target
        ? await defs.patch(target.name, { pinnedNoteIds: pins })
        : await defs.move(def, name, { pinnedNoteIds: pins });
      changes.push({ table: 'tagDefs', op: 'put', ids: [moved.key] });
    }
  }

  return async function retagAll(from: string, to: string | null): Promise<Result<RetagAllReport>> {
    await tasks.ready();
    const carrying = await notes.notesWith(from);
    const records = await writeTx(services, [...tasks.tables(), db.inbox, db.tagDefs], (changes) =>
      recordsTx(from, to, carrying.length, changes),
    );
    if (!records.ok) return records;
    const noteReport = to === null ? await notes.remove(from) : await notes.rename(from, to);
    return ok({ tag: from, to, changed: noteReport.changed, failed: noteReport.failed, ...records.value });
  };
}

/** A refusal for a tag argument that is not a tag by the notes' rules. */
export const notATag = (raw: string, field: string) =>
  fail('VALIDATION', `"${raw}" is not a tag: letters, digits, _, - and / only, not digits alone.`, {
    field,
    expected: 'a tag such as project/alpha',
  });
