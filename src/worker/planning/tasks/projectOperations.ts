import type { ChangeSet } from '../../domain/tasks/changeSet';
import {
  createProject,
  reorderProjects,
  setProjectArchived,
  updateProject,
} from '../../domain/tasks/projects/projectOps';
import {
  createStatus,
  deleteStatus,
  reorderStatuses,
  updateStatus,
} from '../../domain/tasks/projects/statusOps';
import {
  projectCreateInputSchema,
  projectUpdatePatchSchema,
  statusCreateInputSchema,
  statusUpdatePatchSchema,
  taskIdSchema,
  taskIdsSchema,
} from '../../domain/tasks/schemas';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { ok, type Result } from '../../ops/result';
import type { TaskEdit, TaskStore } from './taskStore';

const id = { name: 'id', required: true, schema: taskIdSchema } as const;
const ids = { name: 'ids', required: true, schema: taskIdsSchema } as const;

/** What a project or status write answers: the records it wrote and the ids it deleted. */
const summaryOf = (set: ChangeSet) => ({
  projects: set.projects,
  statuses: set.statuses,
  deletedProjectIds: set.deletedProjects.map((p) => p.id),
  deletedStatusIds: set.deletedStatuses.map((s) => s.id),
  movedTaskCount: set.tasks.length,
  deletedTaskCount: set.deletedTasks.length,
});

/** The write operations of spec 4.5 `tasks.*` for projects and statuses (deleteProject and links: projectLinkOperations). */
export function projectOperations(store: TaskStore): Operation[] {
  const run = async (edit: TaskEdit): Promise<Result<ReturnType<typeof summaryOf>>> => {
    const res = await store.edit(edit);
    return res.ok ? ok(summaryOf(res.value)) : res;
  };
  const write = { kind: 'write', requiresApproval: true } as const;
  return [
    defineOperation({
      ...write,
      name: 'tasks.createProject',
      summary: 'Create a project with the default statuses (To do, In progress, Done).',
      params: [{ name: 'project', required: true, schema: projectCreateInputSchema }] as const,
      handler: ([input]) => run((c) => createProject(c, input)),
    }),
    defineOperation({
      ...write,
      name: 'tasks.updateProject',
      summary: 'Change a project’s name, colour, icon, description, home note or position.',
      params: [id, { name: 'patch', required: true, schema: projectUpdatePatchSchema }] as const,
      handler: ([projectId, patch]) => run((c) => updateProject(c, projectId, patch)),
    }),
    defineOperation({
      ...write,
      name: 'tasks.setProjectHomeNote',
      summary: 'Set (or clear with null) the note a project opens on.',
      params: [
        id,
        {
          name: 'noteId',
          required: true,
          schema: { type: ['string', 'null'], minLength: 1, maxLength: 200 },
        },
      ] as const,
      handler: ([projectId, noteId]) => run((c) => updateProject(c, projectId, { homeNoteId: noteId })),
    }),
    defineOperation({
      ...write,
      name: 'tasks.archiveProject',
      summary: 'Archive a project (or restore it with archived: false); never the Inbox.',
      params: [id, { name: 'archived', required: false, schema: { type: 'boolean' } }] as const,
      handler: ([projectId, archived]) => run((c) => setProjectArchived(c, projectId, archived ?? true)),
    }),
    defineOperation({
      ...write,
      name: 'tasks.reorderProjects',
      summary: 'Put projects in the given order (the Inbox stays first).',
      params: [ids],
      handler: ([projectIds]) => run((c) => reorderProjects(c, projectIds)),
    }),
    defineOperation({
      ...write,
      name: 'tasks.createStatus',
      summary: 'Add a status (board column) to a project.',
      params: [{ name: 'status', required: true, schema: statusCreateInputSchema }] as const,
      handler: ([input]) => run((c) => createStatus(c, input)),
    }),
    defineOperation({
      ...write,
      name: 'tasks.updateStatus',
      summary: 'Rename, recolour or re-flag a status (isDefault, isDone).',
      params: [id, { name: 'patch', required: true, schema: statusUpdatePatchSchema }] as const,
      handler: ([statusId, patch]) => run((c) => updateStatus(c, statusId, patch)),
    }),
    defineOperation({
      ...write,
      name: 'tasks.deleteStatus',
      summary: 'Delete a status; its tasks move to the default (or another done) status.',
      params: [id],
      handler: ([statusId]) => run((c) => deleteStatus(c, statusId)),
    }),
    defineOperation({
      ...write,
      name: 'tasks.reorderStatuses',
      summary: 'Put a project’s statuses in the given order.',
      params: [{ name: 'projectId', required: true, schema: taskIdSchema }, ids] as const,
      handler: ([projectId, statusIds]) => run((c) => reorderStatuses(c, projectId, statusIds)),
    }),
  ];
}
