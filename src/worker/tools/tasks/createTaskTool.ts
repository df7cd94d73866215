import { fail, type OpError, ok } from '../../ops/result';
import type { Infer } from '../../ops/schema';
import { createTask } from '../catalog/createTaskTool';
import { defineTool, jsonOutput } from '../defineTool';

type Args = Infer<typeof createTask.inputSchema>;

/** Aliases (`due`/`due_date`, `notes`/`description`) must agree, and repetition must be consistent. */
function refineArgs(a: Args): OpError | null {
  const pairs = [
    ['due', a.due, a.due_date],
    ['notes', a.notes, a.description],
  ] as const;
  for (const [field, alias, name] of pairs) {
    if (alias !== undefined && name !== undefined && alias !== name) {
      return {
        code: 'VALIDATION',
        message: `${field} and its alias disagree; give one of them`,
        field,
        expected: 'the same value as its alias, or absent',
      };
    }
  }
  const hasConfig = (a.repeat_config ?? null) !== null;
  if (a.is_repeating === true && !hasConfig) {
    return {
      code: 'VALIDATION',
      message: 'is_repeating needs a repeat_config',
      field: 'repeat_config',
      expected: 'object',
    };
  }
  if (a.is_repeating === false && hasConfig) {
    return {
      code: 'VALIDATION',
      message: 'repeat_config given with is_repeating false',
      field: 'is_repeating',
      expected: 'true',
    };
  }
  return null;
}

/** The tasks.create input (domain field names) for arguments that passed refineArgs. */
function toCreateInput(a: Args): Record<string, unknown> {
  const entries = {
    title: a.title,
    projectId: a.project_id,
    statusId: a.status_id,
    parentId: a.parent_id,
    dueDate: a.due ?? a.due_date,
    dueTime: a.due_time,
    startDate: a.start_date,
    priority: a.priority,
    description: a.notes ?? a.description,
    repeatConfig: a.repeat_config,
    repeatFrom: a.repeat_from,
    tags: a.tags,
  };
  return Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined));
}

/** Domain refusals name camelCase fields; the agent sent snake_case ones. */
const SNAKE: Record<string, string> = {
  projectId: 'project_id',
  statusId: 'status_id',
  parentId: 'parent_id',
  dueDate: 'due_date',
  dueTime: 'due_time',
  startDate: 'start_date',
  repeatConfig: 'repeat_config',
  repeatFrom: 'repeat_from',
};

function agentField(field: string | undefined): string | undefined {
  if (field === undefined) return undefined;
  const bare = field.replace(/^args\[0\]\./, '');
  const head = bare.split(/[.[]/)[0] ?? bare;
  return SNAKE[head] === undefined ? bare : `${SNAKE[head]}${bare.slice(head.length)}`;
}

/**
 * vault_create_task, as decided in docs/agent-tools.md: `title` required, approval required, the
 * reply is the full task of vault_get_task (read back after the write).
 */
export const createTaskTool = defineTool({
  spec: createTask,
  operations: ['tasks.create', 'tasks.get'],
  summarize: ({ title, due, due_date }) =>
    `Create task "${title}"${(due ?? due_date) ? ` due ${due ?? due_date}` : ''}`,
  refine: refineArgs,
  handler: async (args, { registry, caller, approve }) => {
    const created = await registry.write('tasks.create', [toCreateInput(args)], { caller, approve });
    if (!created.ok) {
      const field = agentField(created.error.field);
      return { ok: false, error: { ...created.error, ...(field === undefined ? {} : { field }) } };
    }
    const task = (created.value as { task: { id: string } | null }).task;
    if (task === null) return fail('INTERNAL', 'tasks.create wrote no task');
    const full = await registry.read('tasks.get', [task.id], { caller });
    return full.ok ? ok(jsonOutput(full.value)) : full;
  },
});
