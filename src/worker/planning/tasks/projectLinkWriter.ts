import type { Change } from '../../changes/changeFeed';
import type { VaultDb } from '../../db/schema';
import {
  type LinkChanges,
  linkProjectItem,
  type ProjectLinkInput,
  type ProjectLinkPort,
  type ProjectLinkRecord,
  type ProjectLinkType,
  projectLinkId,
  setProjectLinkPinned,
  sortProjectLinks,
} from '../../domain/tasks/projects/projectLinks';
import { liveNote } from '../../domain/trash/noteTrash';
import { liveProject } from '../../domain/trash/projectTrash';
import type { Result } from '../../ops/result';
import type { VaultServices } from '../../vault/services';
import { must, writeTx } from '../writeTx';
import type { TaskStore } from './taskStore';

/** Whether a linked item exists, and its title: notes and filed files in `notes`, events in `calendarEvents`. */
export async function itemOf(
  db: VaultDb,
  type: ProjectLinkType,
  id: string,
): Promise<{ title: string } | null> {
  if (type === 'event') {
    const event = await db.calendarEvents.get(id);
    return event ? { title: event.title } : null;
  }
  const note = liveNote(await db.notes.get(id));
  if (!note || (type === 'note') !== (note.fileType === 'markdown')) return null;
  return { title: note.title };
}

/** The entry of a project link as tasks.listProjectLinks and tasks.listProjectContents show it. */
export interface ProjectLinkEntry {
  id: string;
  itemType: ProjectLinkType;
  itemId: string;
  pinned: boolean;
  createdAt: string;
  /** null when the item was deleted since */
  title: string | null;
  /** the note or file's address; null for an event */
  href: string | null;
}

/** A project's links in display order (pinned first, then newest), each with its item's title. */
export async function projectLinkEntries(db: VaultDb, projectId: string): Promise<ProjectLinkEntry[]> {
  const links = sortProjectLinks(await db.projectLinks.where('projectId').equals(projectId).toArray());
  const items = await Promise.all(links.map((l) => itemOf(db, l.itemType, l.itemId)));
  return links.map((l, i) => ({
    id: l.id,
    itemType: l.itemType,
    itemId: l.itemId,
    pinned: l.pinned,
    createdAt: l.createdAt,
    title: items[i]?.title ?? null,
    href: l.itemType === 'event' ? null : `svc://note/${encodeURIComponent(l.itemId)}`,
  }));
}

export type LinkEdit = () => Promise<Parameters<typeof must<LinkChanges>>[0]>;

/**
 * Writes project links: each call is one transaction over the task tables, the links and the
 * items they name (so an item deleted meanwhile is seen), with tombstones for removed links.
 * A refusal of any step rolls the whole call back.
 */
export function createProjectLinkWriter(services: VaultServices, tasks: TaskStore) {
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

  return {
    port,
    apply,
    /**
     * Whether the project exists, after the Inbox is made: a new vault's Inbox project is created
     * by the first task store call, and a link to it may be the very first one.
     */
    async projectExists(projectId: string): Promise<boolean> {
      await tasks.ready();
      return liveProject(await db.projects.get(projectId)) !== null;
    },
    /** One link edit in its own transaction. */
    async run(edit: LinkEdit) {
      await tasks.ready();
      return writeTx(services, tables(), async (changes) => apply(must(await edit()), changes));
    },
    /**
     * Links several items to one project in ONE transaction (already linked ones change nothing),
     * pinning each when `pinned`; returns the links as they stand after the call.
     */
    async linkAll(inputs: readonly ProjectLinkInput[], pinned = false): Promise<Result<ProjectLinkRecord[]>> {
      await tasks.ready();
      return writeTx(services, tables(), async (changes) => {
        const out: ProjectLinkRecord[] = [];
        for (const input of inputs) {
          await apply(must(await linkProjectItem(tasks.ctx, port, input)), changes);
          if (pinned) await apply(must(await setProjectLinkPinned(tasks.ctx, port, input, true)), changes);
          const link = await port.getLink(projectLinkId(input.projectId, input.itemType, input.itemId));
          if (link) out.push(link);
        }
        return out;
      });
    },
  };
}

export type ProjectLinkWriter = ReturnType<typeof createProjectLinkWriter>;
