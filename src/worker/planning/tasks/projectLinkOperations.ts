import type { VaultDb } from '../../db/schema';
import {
  linkedCounts,
  linkProjectItem,
  type ProjectLinkRecord,
  projectLinkInputSchema,
  setProjectLinkPinned,
  unlinkProjectItem,
} from '../../domain/tasks/projects/projectLinks';
import { taskIdSchema } from '../../domain/tasks/schemas';
import { liveProject, trashProject } from '../../domain/trash/projectTrash';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { fail, ok } from '../../ops/result';
import type { VaultServices } from '../../vault/services';
import { createProjectLinkWriter, projectLinkEntries } from './projectLinkWriter';
import type { TaskStore } from './taskStore';

const link = { name: 'link', required: true, schema: projectLinkInputSchema } as const;
const write = { kind: 'write', requiresApproval: true } as const;

/** `linked_counts` of every project from its links (one scan of a small table). */
export async function projectLinkCounts(db: VaultDb): Promise<Map<string, ReturnType<typeof linkedCounts>>> {
  const byProject = new Map<string, ProjectLinkRecord[]>();
  await db.projectLinks.each((l) => byProject.set(l.projectId, [...(byProject.get(l.projectId) ?? []), l]));
  return new Map([...byProject].map(([id, links]) => [id, linkedCounts(links)]));
}

/**
 * Links from a project to notes, filed files and calendar events (spec 2.4, 4.5
 * linkProjectItem / unlinkProjectItem / setProjectLinkPinned, 4.4 listProjectLinks), over the
 * domain's projectLinks rules. Each write is one transaction with its tombstone. Deleting a
 * project (tasks.deleteProject, here) moves it to the Trash with its tasks; its links stay until
 * the Trash deletes it for good (docs/trash.md).
 */
export function projectLinkOperations(services: VaultServices, tasks: TaskStore): Operation[] {
  const { db } = services;
  const writer = createProjectLinkWriter(services, tasks);
  const { port, run } = writer;

  return [
    defineOperation({
      ...write,
      name: 'tasks.linkProjectItem',
      summary: 'Link a note, filed file or calendar event to a project (linking twice changes nothing).',
      params: [link] as const,
      handler: ([input]) => run(() => linkProjectItem(tasks.ctx, port, input)),
    }),
    defineOperation({
      ...write,
      name: 'tasks.unlinkProjectItem',
      summary: 'Remove a link from a project.',
      params: [link] as const,
      handler: ([input]) => run(() => unlinkProjectItem(tasks.ctx, port, input)),
    }),
    defineOperation({
      ...write,
      name: 'tasks.setProjectLinkPinned',
      summary: 'Pin (or unpin) a project link: pinned links list first.',
      params: [link, { name: 'pinned', required: true, schema: { type: 'boolean' } }] as const,
      handler: ([input, pinned]) => run(() => setProjectLinkPinned(tasks.ctx, port, input, pinned)),
    }),
    defineOperation({
      kind: 'read',
      name: 'tasks.listProjectLinks',
      summary:
        'A project’s links, pinned first then newest, with each item’s title (null when it was deleted).',
      params: [{ name: 'projectId', required: true, schema: taskIdSchema }] as const,
      handler: async ([projectId]) => {
        // A new vault's Inbox project exists once the task store is ready: it may be read first.
        await tasks.ready();
        if (!liveProject(await db.projects.get(projectId)))
          return fail('NOT_FOUND', `project ${JSON.stringify(projectId)} does not exist`, {
            field: 'args[0]',
          });
        const links = await projectLinkEntries(db, projectId);
        return ok({
          projectId,
          links,
          linked_counts: linkedCounts(links),
        });
      },
    }),
    defineOperation({
      ...write,
      name: 'tasks.deleteProject',
      summary:
        'Delete a project (never the Inbox): it moves to the Trash with its tasks, statuses and links for 30 days (trash.restore brings them back together).',
      params: [{ name: 'id', required: true, schema: taskIdSchema }] as const,
      handler: async ([projectId]) => {
        const res = await tasks.edit((c) => trashProject(c, projectId));
        return res.ok
          ? ok({ id: projectId, deleted: true, trashed: true, taskCount: res.value.tasks.length })
          : res;
      },
    }),
  ];
}
