import { type ChangeSet, EMPTY_CHANGES } from '../changeSet';
import { fail, invalid, notFound, ok, type Result } from '../errors';
import type { TaskContext } from '../ports';
import { planPositions } from '../positions';
import {
  type ProjectCreateInput,
  type ProjectUpdatePatch,
  projectCreateInputSchema,
  projectUpdatePatchSchema,
} from '../schemas';
import { shapeChecker } from '../shapeCheck';
import { POSITION_STEP, timestamp } from '../taskEdit';
import { defaultStatuses } from './defaultStatuses';
import { INBOX_ID } from './inbox';
import { DEFAULT_PROJECT_COLOR, editProject, newProjectRecord } from './projectEdit';

const checkCreate = shapeChecker(projectCreateInputSchema);
const checkUpdate = shapeChecker(projectUpdatePatchSchema);

/** Create a project at the end of the list, with the default statuses (To do, In progress, Done). */
export async function createProject(ctx: TaskContext, input: ProjectCreateInput): Promise<Result<ChangeSet>> {
  const shape = checkCreate(input);
  if (shape !== null) return fail(shape);
  const projects = await ctx.read.listProjects();
  const last = Math.max(0, ...projects.map((p) => p.position));
  const project = newProjectRecord(
    {
      id: ctx.deps.newId(),
      name: input.name,
      description: input.description ?? null,
      color: input.color ?? DEFAULT_PROJECT_COLOR,
      icon: input.icon ?? null,
      position: input.position ?? last + POSITION_STEP,
      isInbox: false,
      homeNoteId: input.homeNoteId ?? null,
      archivedAt: null,
    },
    ctx.deps,
  );
  const statuses = defaultStatuses(project.id, project.createdAt, ctx.deps.deviceId);
  return ok({ ...EMPTY_CHANGES, projects: [project], statuses });
}

/** Update a project's fields. The Inbox keeps its name (colour, icon, description may change). */
export async function updateProject(
  ctx: TaskContext,
  id: string,
  patch: ProjectUpdatePatch,
): Promise<Result<ChangeSet>> {
  const shape = checkUpdate(patch);
  if (shape !== null) return fail(shape);
  const project = await ctx.read.getProject(id);
  if (project === null) return fail(notFound('id', 'project', id));
  if (project.isInbox && patch.name !== undefined && patch.name !== project.name) {
    return fail(invalid('name', 'the Inbox cannot be renamed', { expected: project.name }));
  }
  const edited = editProject(project, { ...patch }, ctx.deps);
  return ok(edited === project ? EMPTY_CHANGES : { ...EMPTY_CHANGES, projects: [edited] });
}

/** Archive or restore a project (its tasks stay as they are; views hide archived projects' tasks). */
export async function setProjectArchived(
  ctx: TaskContext,
  id: string,
  archived: boolean,
): Promise<Result<ChangeSet>> {
  const project = await ctx.read.getProject(id);
  if (project === null) return fail(notFound('id', 'project', id));
  if (project.isInbox && archived) return fail(invalid('id', 'the Inbox cannot be archived'));
  if ((project.archivedAt !== null) === archived) return ok(EMPTY_CHANGES);
  const edited = editProject(project, { archivedAt: archived ? timestamp(ctx.deps.now()) : null }, ctx.deps);
  return ok({ ...EMPTY_CHANGES, projects: [edited] });
}

/** Put projects in the given order; the Inbox always stays first, whatever the order says. */
export async function reorderProjects(
  ctx: TaskContext,
  orderedIds: readonly string[],
): Promise<Result<ChangeSet>> {
  if (new Set(orderedIds).size !== orderedIds.length) return fail(invalid('ids', 'an id appears twice'));
  const projects = [];
  for (const [i, id] of orderedIds.entries()) {
    const project = await ctx.read.getProject(id);
    if (project === null) return fail(notFound(`ids[${i}]`, 'project', id));
    if (!project.isInbox) projects.push(project);
  }
  const inbox = await ctx.read.getProject(INBOX_ID);
  const floor = inbox === null ? null : { id: inbox.id, position: inbox.position };
  const plan = planPositions(floor === null ? projects : [floor, ...projects]);
  if (floor !== null && plan.has(floor.id)) {
    // Renumbering moved the Inbox too; keep it where it is and place the rest after it.
    plan.clear();
    projects.forEach((p, i) => {
      const position = floor.position + (i + 1) * POSITION_STEP;
      if (position !== p.position) plan.set(p.id, position);
    });
  }
  const changed = projects
    .filter((p) => plan.has(p.id))
    .map((p) => editProject(p, { position: plan.get(p.id)! }, ctx.deps));
  return ok({ ...EMPTY_CHANGES, projects: changed });
}
