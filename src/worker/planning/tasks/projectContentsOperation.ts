import type { VaultDb } from '../../db/schema';
import { linkedCounts } from '../../domain/tasks/projects/projectLinks';
import { toProjectListEntry } from '../../domain/tasks/projects/projectView';
import { taskIdSchema } from '../../domain/tasks/schemas';
import { getBoard } from '../../domain/tasks/views/projectViews';
import { TaskState } from '../../domain/tasks/views/queryPort';
import { liveNote } from '../../domain/trash/noteTrash';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { fail, ok } from '../../ops/result';
import { projectLinkEntries } from './projectLinkWriter';
import type { TaskStore } from './taskStore';
import { cardsOf } from './taskViews';

/** Defaults keep a whole reply of a busy project well under the 100 KB desktop-read limit. */
export const CONTENTS_TASKS_PER_STATUS = 50;
export const CONTENTS_LINKS = 100;

const optionsSchema = {
  type: 'object',
  properties: {
    tasksPerStatus: {
      type: 'integer',
      minimum: 1,
      maximum: 200,
      description: `top-level tasks shown per status (default ${CONTENTS_TASKS_PER_STATUS})`,
    },
    links: {
      type: 'integer',
      minimum: 1,
      maximum: 500,
      description: `links shown, pinned first (default ${CONTENTS_LINKS})`,
    },
  },
  additionalProperties: false,
} as const;

/** The project's home note: null when it has none; `title` null when the note was deleted since. */
async function homeNoteOf(db: VaultDb, id: string | null) {
  if (id === null) return null;
  const note = liveNote(await db.notes.get(id));
  return {
    id,
    title: note?.title ?? null,
    folder: note?.folderPath ?? null,
    href: `svc://note/${encodeURIComponent(id)}`,
  };
}

/**
 * tasks.listProjectContents (spec 4.4): everything a project holds in one reply: its top-level
 * tasks as cards by status (the board's columns, in order), its links (pinned first, then newest)
 * and its home note. CAPPED, not paged: each status shows its first `tasksPerStatus` tasks and
 * says its `total`; the links show the first `links` and say theirs. Past a cap, tasks.getBoard,
 * tasks.list (paged) and tasks.listProjectLinks read the rest. Read in one snapshot.
 */
export function projectContentsOperation(store: TaskStore, db: VaultDb): Operation {
  return defineOperation({
    kind: 'read',
    name: 'tasks.listProjectContents',
    summary:
      'Everything a project holds: its tasks by status, its links (notes, files, events; pinned first) and its home note; capped, with totals.',
    params: [
      { name: 'projectId', required: true, schema: taskIdSchema },
      { name: 'options', required: false, schema: optionsSchema },
    ] as const,
    handler: ([projectId, o]) =>
      store.view(async () => {
        const project = await store.ctx.read.getProject(projectId);
        if (project === null)
          return fail('NOT_FOUND', `project ${JSON.stringify(projectId)} does not exist`, {
            field: 'projectId',
          });
        const perStatus = o?.tasksPerStatus ?? CONTENTS_TASKS_PER_STATUS;
        const linkCap = o?.links ?? CONTENTS_LINKS;
        const statuses = await store.ctx.read.listStatuses(projectId);
        const columns = await getBoard(store.query, projectId, statuses, perStatus);
        const byStatus = [];
        for (const c of columns) {
          byStatus.push({
            status: {
              id: c.status.id,
              name: c.status.name,
              color: c.status.color,
              isDefault: c.status.isDefault,
              isDone: c.status.isDone,
            },
            total: c.total,
            tasks: await cardsOf(
              db,
              store.query,
              c.tasks.map((t) => t.task),
            ),
          });
        }
        const links = await projectLinkEntries(db, projectId);
        const counts = linkedCounts(links);
        const open = await store.query.countByState(TaskState.open, projectId);
        const taskTotal = byStatus.reduce((n, s) => n + s.total, 0);
        return ok({
          project: toProjectListEntry(project, open, counts),
          homeNote: await homeNoteOf(db, project.homeNoteId),
          tasks: {
            total: taskTotal,
            capped: byStatus.some((s) => s.tasks.length < s.total),
            perStatus,
            byStatus,
          },
          links: {
            total: links.length,
            capped: links.length > linkCap,
            items: links.slice(0, linkCap),
          },
          linked_counts: counts,
        });
      }, [db.projectLinks, db.notes, db.calendarEvents]),
  });
}
