import { nativeDbOf } from '../../db/nativeDb';
import { toFullTask } from '../../domain/tasks/fullTask';
import { toFullProject, toProjectListEntry } from '../../domain/tasks/projects/projectView';
import { ISO_DATE_PATTERN, taskIdSchema, taskViewOptionsSchema } from '../../domain/tasks/schemas';
import { getOverdue, getToday, getUpcoming } from '../../domain/tasks/views/dueViews';
import { getBoard, getProjectList } from '../../domain/tasks/views/projectViews';
import { TaskState } from '../../domain/tasks/views/queryPort';
import { getStats } from '../../domain/tasks/views/stats';
import { isTrashedProject } from '../../domain/trash/projectTrash';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { fail, ok } from '../../ops/result';
import { readFullTask } from './fullTaskRead';
import { projectLinkCounts } from './projectLinkOperations';
import { fromTaskRow } from './taskRows';
import type { TaskStore } from './taskStore';
import { cardsOf, cardsOfCounted, hiddenProjectIds, statusNames } from './taskViews';

const id = { name: 'id', required: true, schema: taskIdSchema } as const;
const viewOptions = { name: 'options', required: false, schema: taskViewOptionsSchema } as const;
const listOptionsSchema = {
  type: 'object',
  properties: {
    projectId: taskIdSchema,
    parentId: taskIdSchema,
    tag: { type: 'string', minLength: 1, maxLength: 100 },
    includeCompleted: { type: 'boolean' },
    offset: { type: 'integer', minimum: 0, maximum: 1_000_000 },
    limit: { type: 'integer', minimum: 1, maximum: 200 },
  },
  additionalProperties: false,
} as const;

/**
 * The read operations of spec 4.4 `tasks.*` (plus `tasks.getBoard`, Cairn's board view).
 * `showCompleted` reads the task setting of that name: whether a board lists completed tasks
 * when the call does not say.
 */
export function taskReadOperations(
  store: TaskStore,
  db: import('../../db/schema').VaultDb,
  showCompleted: () => Promise<boolean>,
): Operation[] {
  const { ctx, query } = store;
  const todayOf = (o?: { today?: string }) => o?.today ?? store.today();
  return [
    defineOperation({
      name: 'tasks.get',
      kind: 'read',
      summary: 'One task with every field of spec 2.3 (clocks, subtask counts, links).',
      params: [id],
      // Native reads: one transaction, every request issued at once (fullTaskRead.ts).
      handler: async ([taskId]) => {
        const reads = await readFullTask(await nativeDbOf(db), taskId);
        if (reads === null)
          return fail('NOT_FOUND', `task ${JSON.stringify(taskId)} does not exist`, { field: 'id' });
        return ok(toFullTask(fromTaskRow(reads.row), reads.counts, reads.links));
      },
    }),
    defineOperation({
      name: 'tasks.list',
      kind: 'read',
      summary:
        'Tasks of a project (or one parent’s subtasks), or with a tag; open ones unless includeCompleted.',
      params: [{ name: 'options', required: false, schema: listOptionsSchema }],
      handler: ([o = {}]) =>
        store.view(async () => {
          const limit = o.limit ?? 50;
          const offset = o.offset ?? 0;
          if (o.tag !== undefined) {
            const rows = await db.tasks
              .where('tags')
              .equals(o.tag)
              .filter((r) =>
                o.includeCompleted ? r.state <= TaskState.completed : r.state === TaskState.open,
              )
              .offset(offset)
              .limit(limit + 1)
              .toArray();
            const tasks = await cardsOf(db, query, rows.slice(0, limit).map(fromTaskRow));
            return ok({ tasks, hasMore: rows.length > limit });
          }
          const projectId = o.projectId ?? 'inbox';
          const page = await getProjectList(query, projectId, {
            parentId: o.parentId ?? null,
            includeCompleted: o.includeCompleted ?? false,
            offset,
            limit,
          });
          const tasks = await cardsOf(
            db,
            query,
            page.items.map((c) => c.task),
          );
          return ok({ tasks, hasMore: page.nextOffset !== null });
        }),
    }),
    defineOperation({
      name: 'tasks.getSubtasks',
      kind: 'read',
      summary: 'The subtasks of a task, in list order, completed ones included.',
      params: [id],
      handler: ([taskId]) =>
        store.view(async () => {
          const parent = await ctx.read.getTask(taskId);
          if (parent === null)
            return fail('NOT_FOUND', `task ${JSON.stringify(taskId)} does not exist`, { field: 'id' });
          const page = await getProjectList(query, parent.projectId, {
            parentId: taskId,
            includeCompleted: true,
            limit: 500,
          });
          return ok({
            tasks: await cardsOf(
              db,
              query,
              page.items.map((c) => c.task),
            ),
          });
        }),
    }),
    defineOperation({
      name: 'tasks.getToday',
      kind: 'read',
      summary: 'Open tasks due today (the user’s local date).',
      params: [viewOptions],
      handler: ([o]) =>
        store.view(async () => {
          const tasks = await getToday(query, {
            today: todayOf(o),
            limit: o?.limit,
            hiddenProjectIds: await hiddenProjectIds(db),
          });
          return ok({ today: todayOf(o), tasks: await cardsOf(db, query, tasks) });
        }),
    }),
    defineOperation({
      name: 'tasks.getOverdue',
      kind: 'read',
      summary: 'Open tasks due before today, oldest first.',
      params: [viewOptions],
      handler: ([o]) =>
        store.view(async () => {
          const tasks = await getOverdue(query, {
            today: todayOf(o),
            limit: o?.limit,
            hiddenProjectIds: await hiddenProjectIds(db),
          });
          return ok({ today: todayOf(o), tasks: await cardsOf(db, query, tasks) });
        }),
    }),
    defineOperation({
      name: 'tasks.getUpcoming',
      kind: 'read',
      summary: 'Open tasks due in the next days (default 7), grouped by date.',
      params: [viewOptions],
      handler: ([o]) =>
        store.view(async () => {
          const days = await getUpcoming(query, {
            today: todayOf(o),
            days: o?.days,
            limit: o?.limit,
            hiddenProjectIds: await hiddenProjectIds(db),
          });
          const out = [];
          for (const day of days) out.push({ date: day.date, tasks: await cardsOf(db, query, day.tasks) });
          return ok({ today: todayOf(o), days: out });
        }),
    }),
    defineOperation({
      name: 'tasks.getBoard',
      kind: 'read',
      summary:
        'A project’s board: one column per status (in order) with its first tasks, its total and the completed tasks it left out; completed tasks are listed as the task setting showCompleted says unless includeCompleted is given.',
      params: [
        { name: 'projectId', required: true, schema: taskIdSchema },
        {
          name: 'options',
          required: false,
          schema: {
            type: 'object',
            properties: {
              limitPerColumn: { type: 'integer', minimum: 1, maximum: 500 },
              includeCompleted: { type: 'boolean' },
            },
            additionalProperties: false,
          },
        },
      ] as const,
      handler: async ([projectId, o]) => {
        // Read before the view's transaction, which does not span the settings table.
        const includeCompleted = o?.includeCompleted ?? (await showCompleted());
        return store.view(async () => {
          const [project, statuses] = await Promise.all([
            ctx.read.getProject(projectId),
            ctx.read.listStatuses(projectId),
          ]);
          if (project === null)
            return fail('NOT_FOUND', `project ${JSON.stringify(projectId)} does not exist`, {
              field: 'projectId',
            });
          const columns = await getBoard(
            query,
            projectId,
            statuses,
            o?.limitPerColumn ?? 100,
            includeCompleted,
          );
          const names = await statusNames(db);
          const out = columns.map((c) => ({
            status: c.status,
            total: c.total,
            hiddenCompleted: c.hiddenCompleted,
            tasks: cardsOfCounted(names, c.tasks),
          }));
          return ok({ project: toFullProject(project, statuses), includeCompleted, columns: out });
        });
      },
    }),
    defineOperation({
      name: 'tasks.getProject',
      kind: 'read',
      summary: 'One project with its statuses (spec 2.4).',
      params: [id],
      handler: ([projectId]) =>
        store.view(async () => {
          const project = await ctx.read.getProject(projectId);
          if (project === null)
            return fail('NOT_FOUND', `project ${JSON.stringify(projectId)} does not exist`, { field: 'id' });
          return ok(toFullProject(project, await ctx.read.listStatuses(projectId)));
        }),
    }),
    defineOperation({
      name: 'tasks.listProjects',
      kind: 'read',
      summary: 'Every project in order, the Inbox first, with its open task count; archived ones when asked.',
      params: [
        {
          name: 'options',
          required: false,
          schema: {
            type: 'object',
            properties: { includeArchived: { type: 'boolean' } },
            additionalProperties: false,
          },
        },
      ] as const,
      handler: async ([o]) => {
        const links = await projectLinkCounts(db);
        return store.view(async () => {
          const projects = (await db.projects.orderBy('position').toArray()).filter(
            (p) => (o?.includeArchived === true || p.archivedAt === null) && !isTrashedProject(p),
          );
          const out = [];
          for (const p of projects) {
            const open = await query.countByState(TaskState.open, p.id);
            out.push(toProjectListEntry(p, open, links.get(p.id) ?? { notes: 0, files: 0, events: 0 }));
          }
          return ok({ projects: out });
        });
      },
    }),
    defineOperation({
      name: 'tasks.listStatuses',
      kind: 'read',
      summary: 'A project’s statuses (board columns) in order.',
      params: [{ name: 'projectId', required: true, schema: taskIdSchema }] as const,
      handler: ([projectId]) =>
        store.view(async () => {
          if ((await ctx.read.getProject(projectId)) === null)
            return fail('NOT_FOUND', `project ${JSON.stringify(projectId)} does not exist`, {
              field: 'projectId',
            });
          const statuses = await ctx.read.listStatuses(projectId);
          return ok({ statuses: [...statuses].sort((a, b) => a.position - b.position) });
        }),
    }),
    defineOperation({
      name: 'tasks.getTags',
      kind: 'read',
      summary: 'Every tag used on a task, with the number of tasks carrying it.',
      params: [],
      handler: () =>
        store.view(async () => {
          const names = (await db.tasks.orderBy('tags').uniqueKeys()) as string[];
          // a task in the Trash carries no tag (docs/trash.md): its ids are one index read
          const trashed = new Set(await db.tasks.where('state').equals(TaskState.trashed).primaryKeys());
          const tags = [];
          for (const name of names) {
            const count =
              trashed.size === 0
                ? await db.tasks.where('tags').equals(name).count()
                : (await db.tasks.where('tags').equals(name).primaryKeys()).filter((k) => !trashed.has(k))
                    .length;
            if (count > 0) tags.push({ name, count });
          }
          return ok({ tags });
        }),
    }),
    defineOperation({
      name: 'tasks.getStats',
      kind: 'read',
      summary: 'Task counts: open, completed, archived (all or one project), overdue, due today, upcoming.',
      params: [
        {
          name: 'options',
          required: false,
          schema: {
            type: 'object',
            properties: { projectId: taskIdSchema, today: { type: 'string', pattern: ISO_DATE_PATTERN } },
            additionalProperties: false,
          },
        },
      ] as const,
      handler: ([o]) => store.view(async () => ok(await getStats(query, todayOf(o), o?.projectId ?? null))),
    }),
  ];
}
