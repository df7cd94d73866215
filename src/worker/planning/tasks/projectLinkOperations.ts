import type { Change } from '../../changes/changeFeed';
import type { VaultDb } from '../../db/schema';
import { tombstoneOf } from '../../domain/tasks/deleteTask';
import {
  type LinkChanges,
  linkedCounts,
  linkProjectItem,
  type ProjectLinkPort,
  type ProjectLinkRecord,
  type ProjectLinkType,
  projectLinkInputSchema,
  setProjectLinkPinned,
  sortProjectLinks,
  unlinkProjectItem,
} from '../../domain/tasks/projects/projectLinks';
import { deleteProject } from '../../domain/tasks/projects/projectOps';
import { taskIdSchema } from '../../domain/tasks/schemas';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { fail, ok } from '../../ops/result';
import type { VaultServices } from '../../vault/services';
import { must, writeTx } from '../writeTx';
import type { TaskStore } from './taskStore';

const link = { name: 'link', required: true, schema: projectLinkInputSchema } as const;
const write = { kind: 'write', requiresApproval: true } as const;

/** Whether a linked item exists, and its title: notes and filed files in `notes`, events in `calendarEvents`. */
async function itemOf(db: VaultDb, type: ProjectLinkType, id: string): Promise<{ title: string } | null> {
  if (type === 'event') {
    const event = await db.calendarEvents.get(id);
    return event ? { title: event.title } : null;
  }
  const note = await db.notes.get(id);
  if (!note || (type === 'note') !== (note.fileType === 'markdown')) return null;
  return { title: note.title };
}

/** `linked_counts` of every project from its links (one scan of a small table). */
export async function projectLinkCounts(db: VaultDb): Promise<Map<string, ReturnType<typeof linkedCounts>>> {
  const byProject = new Map<string, ProjectLinkRecord[]>();
  await db.projectLinks.each((l) => byProject.set(l.projectId, [...(byProject.get(l.projectId) ?? []), l]));
  return new Map([...byProject].map(([id, links]) => [id, linkedCounts(links)]));
}

/**
 * Links from a project to notes, filed files and calendar events (spec 2.4, 4.5
 * linkProjectItem / unlinkProjectItem / setProjectLinkPinned, 4.4 listProjectLinks), over the
 * domain's projectLinks rules. Each write is one transaction with its tombstone; deleting a
 * project (tasks.deleteProject, here) deletes its links in the same transaction.
 */
export function projectLinkOperations(services: VaultServices, tasks: TaskStore): Operation[] {
  const { db } = services;
  const port: ProjectLinkPort = {
    getLink: async (id) => (await db.projectLinks.get(id)) ?? null,
    itemExists: async (type, id) => (await itemOf(db, type, id)) !== null,
  };
  const tables = () => [...tasks.tables(), db.projectLinks, db.notes, db.calendarEvents];

  async function apply(set: LinkChanges, changes: Change[]) {
    if (set.links.length) await db.projectLinks.bulkPut([...set.links]);
    if (set.deletedLinks.length) {
      await db.projectLinks.bulkDelete(set.deletedLinks.map((t) => t.id));
      await db.tombstones.bulkPut(set.deletedLinks.map((t) => ({ ...t, kind: 'projectLink' })));
    }
    changes.push(
      { table: 'projectLinks', op: 'put', ids: set.links.map((l) => l.id) },
      { table: 'projectLinks', op: 'delete', ids: set.deletedLinks.map((l) => l.id) },
    );
    return { links: set.links, deletedLinkIds: set.deletedLinks.map((l) => l.id) };
  }
  const run = async (edit: () => Promise<Parameters<typeof must<LinkChanges>>[0]>) => {
    await tasks.ready();
    return writeTx(services, tables(), async (changes) => apply(must(await edit()), changes));
  };

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
        if (!(await db.projects.get(projectId)))
          return fail('NOT_FOUND', `project ${JSON.stringify(projectId)} does not exist`, {
            field: 'args[0]',
          });
        const links = sortProjectLinks(await db.projectLinks.where('projectId').equals(projectId).toArray());
        const items = await Promise.all(links.map((l) => itemOf(db, l.itemType, l.itemId)));
        return ok({
          projectId,
          links: links.map((l, i) => ({
            id: l.id,
            itemType: l.itemType,
            itemId: l.itemId,
            pinned: l.pinned,
            createdAt: l.createdAt,
            title: items[i]?.title ?? null,
            href: l.itemType === 'event' ? null : `svc://note/${encodeURIComponent(l.itemId)}`,
          })),
          linked_counts: linkedCounts(links),
        });
      },
    }),
    defineOperation({
      ...write,
      name: 'tasks.deleteProject',
      summary: 'Delete a project with its statuses, tasks and links (never the Inbox).',
      params: [{ name: 'id', required: true, schema: taskIdSchema }] as const,
      handler: async ([projectId]) => {
        await tasks.ready();
        return writeTx(services, [...tasks.tables(), db.projectLinks], async (changes) => {
          const set = await tasks.editInside((c) => deleteProject(c, projectId), changes);
          const links = await db.projectLinks.where('projectId').equals(projectId).toArray();
          const now = new Date(services.now()).toISOString();
          const removed = await apply(
            {
              links: [],
              deletedLinks: links.map((l) => tombstoneOf(l, services.deviceId, now)),
            },
            changes,
          );
          return {
            deletedProjectIds: set.deletedProjects.map((p) => p.id),
            deletedStatusIds: set.deletedStatuses.map((s) => s.id),
            deletedTaskCount: set.deletedTasks.length,
            deletedLinkIds: removed.deletedLinkIds,
          };
        });
      },
    }),
  ];
}
