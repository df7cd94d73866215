import { BY_ID, ISO_DATE, NO_ARGUMENTS, NON_EMPTY } from './fragments';
import { defineToolSpec, readAnnotations } from './toolSpec';

/** Spec 4.1: the read tools over tasks, projects and statuses. */
export const listTasks = defineToolSpec({
  name: 'vault_list_tasks',
  title: 'List tasks',
  description:
    'List tasks. status: open (not completed), completed, or a status id from vault_list_statuses; omitted excludes completed tasks.',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      status: NON_EMPTY,
      project_id: NON_EMPTY,
      due_before: ISO_DATE,
      tag: NON_EMPTY,
      limit: { type: 'integer', minimum: 1, maximum: 200 },
    },
  },
  annotations: readAnnotations(true),
  requiresApproval: false,
});

export const getTask = defineToolSpec({
  name: 'vault_get_task',
  title: 'Get a task',
  description: 'One task with all its fields, subtask counts and links.',
  inputSchema: BY_ID,
  annotations: readAnnotations(true),
  requiresApproval: false,
});

export const listProjects = defineToolSpec({
  name: 'vault_list_projects',
  title: 'List projects',
  description: 'Every project with its task count and linked item counts. The default project has id inbox.',
  inputSchema: NO_ARGUMENTS,
  annotations: readAnnotations(true),
  requiresApproval: false,
});

export const getProject = defineToolSpec({
  name: 'vault_get_project',
  title: 'Get a project',
  description: 'One project with its statuses.',
  inputSchema: BY_ID,
  annotations: readAnnotations(true),
  requiresApproval: false,
});

export const listStatuses = defineToolSpec({
  name: 'vault_list_statuses',
  title: 'List statuses',
  description: "A project's statuses in order; isDone marks the completing ones.",
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['project_id'],
    properties: { project_id: NON_EMPTY },
  },
  annotations: readAnnotations(false),
  requiresApproval: false,
});
