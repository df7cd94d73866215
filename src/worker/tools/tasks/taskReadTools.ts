import { type Status, toStatus } from '../../domain/tasks/projects/projectView';
import type { StatusRecord } from '../../domain/tasks/types';
import { ok, type Result } from '../../ops/result';
import { getProject, getTask, listProjects, listStatuses } from '../catalog/readTaskTools';
import { defineTool, jsonOutput, type ToolOutput } from '../defineTool';

/** A task-domain refusal names the operation's param (`projectId`); the agent sent `project_id`. */
function renamedField<T>(result: Result<T>, from: string, to: string): Result<T> {
  return !result.ok && result.error.field === from
    ? { ok: false, error: { ...result.error, field: to } }
    : result;
}

function member(name: string) {
  return (result: Result<unknown>): Result<ToolOutput> =>
    result.ok ? ok(jsonOutput((result.value as Record<string, unknown>)[name])) : result;
}

/** Spec 4.1 vault_get_task: the full task of spec 2.3 (tasks.get already carries href and sources). */
export const getTaskTool = defineTool({
  spec: getTask,
  operations: ['tasks.get'],
  handler: async ({ id }, { registry, caller }) => {
    const result = await registry.read('tasks.get', [id], { caller });
    return result.ok ? ok(jsonOutput(result.value)) : result;
  },
});

export const getProjectTool = defineTool({
  spec: getProject,
  operations: ['tasks.getProject'],
  handler: async ({ id }, { registry, caller }) => {
    const result = await registry.read('tasks.getProject', [id], { caller });
    return result.ok ? ok(jsonOutput(result.value)) : result;
  },
});

/** Spec 4.1 vault_list_projects: the project list entries of spec 2.4 (archived ones left out). */
export const listProjectsTool = defineTool({
  spec: listProjects,
  operations: ['tasks.listProjects'],
  handler: async (_args, { registry, caller }) =>
    member('projects')(await registry.read('tasks.listProjects', [], { caller })),
});

/** Spec 4.1 vault_list_statuses: the statuses of spec 2.4 (no sync fields), in position order. */
export const listStatusesTool = defineTool({
  spec: listStatuses,
  operations: ['tasks.listStatuses'],
  handler: async ({ project_id }, { registry, caller }) => {
    const listed = renamedField(
      await registry.read('tasks.listStatuses', [project_id], { caller }),
      'projectId',
      'project_id',
    );
    if (!listed.ok) return listed;
    const statuses: Status[] = (listed.value as { statuses: StatusRecord[] }).statuses.map(toStatus);
    return ok(jsonOutput(statuses));
  },
});
