import type { Caller } from '../../ops/context';
import type { Registry } from '../../ops/registry';
import { ok, type Result } from '../../ops/result';
import { listTasks } from '../catalog/readTaskTools';
import { defineTool, jsonOutput } from '../defineTool';

/** The fields of a task card (tasks.list, tasks.getOverdue) this tool filters on and returns. */
interface Card {
  id: string;
  title: string;
  status: string | null;
  due: string | null;
  project: string;
  tags: string[];
  href: string;
  source_ref: unknown;
  statusId: string | null;
  completedAt: string | null;
}

const PAGE = 200;

/** Spec 2.3 list entry. */
function entryOf(card: Card) {
  const { id, title, status, due, project, tags, href, source_ref } = card;
  return { id, title, status, due, project, tags, href, source_ref };
}

interface Filter {
  status?: string;
  project_id?: string;
  due_before?: string;
  tag?: string;
}

function matches(card: Card, f: Filter): boolean {
  if (f.project_id !== undefined && card.project !== f.project_id) return false;
  if (f.tag !== undefined && !card.tags.includes(f.tag)) return false;
  if (f.due_before !== undefined && (card.due === null || card.due >= f.due_before)) return false;
  if (f.status === undefined || f.status === 'open') return card.completedAt === null;
  if (f.status === 'completed') return card.completedAt !== null;
  return card.statusId === f.status;
}

/** Pages through tasks.list with `options` until `limit` cards pass the filter or the list ends. */
async function collect(
  registry: Registry,
  caller: Caller,
  options: Record<string, unknown>,
  filter: Filter,
  limit: number,
  into: Card[],
): Promise<Result<void>> {
  for (let offset = 0; into.length < limit; offset += PAGE) {
    const page = await registry.read('tasks.list', [{ ...options, offset, limit: PAGE }], { caller });
    if (!page.ok) return page;
    const { tasks, hasMore } = page.value as { tasks: Card[]; hasMore: boolean };
    into.push(...tasks.filter((t) => matches(t, filter)).slice(0, limit - into.length));
    if (!hasMore) break;
  }
  return ok(undefined);
}

/**
 * Spec 4.1 vault_list_tasks. Reads through the indexed views, never the whole table: open tasks
 * due before a date come from the overdue index; a tag from the tag index; otherwise the
 * top-level tasks of one project, or of each project in order. `status` omitted = open.
 */
export const listTasksTool = defineTool({
  spec: listTasks,
  operations: ['tasks.list', 'tasks.listProjects', 'tasks.getOverdue'],
  handler: async ({ limit = 50, ...filter }, { registry, caller }) => {
    const includeCompleted = filter.status !== undefined && filter.status !== 'open';
    const found: Card[] = [];
    if (filter.due_before !== undefined && !includeCompleted) {
      const overdue = await registry.read('tasks.getOverdue', [{ today: filter.due_before, limit: 2000 }], {
        caller,
      });
      if (!overdue.ok) return overdue;
      found.push(
        ...(overdue.value as { tasks: Card[] }).tasks.filter((t) => matches(t, filter)).slice(0, limit),
      );
    } else if (filter.tag !== undefined) {
      const r = await collect(registry, caller, { tag: filter.tag, includeCompleted }, filter, limit, found);
      if (!r.ok) return r;
    } else {
      let projects = filter.project_id === undefined ? null : [filter.project_id];
      if (projects === null) {
        const listed = await registry.read('tasks.listProjects', [], { caller });
        if (!listed.ok) return listed;
        projects = (listed.value as { projects: { id: string }[] }).projects.map((p) => p.id);
      }
      for (const projectId of projects) {
        if (found.length >= limit) break;
        const r = await collect(registry, caller, { projectId, includeCompleted }, filter, limit, found);
        if (!r.ok) return r;
      }
    }
    return ok(jsonOutput(found.map(entryOf)));
  },
});
