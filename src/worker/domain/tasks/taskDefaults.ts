import type { TaskReadPort } from './ports';
import { INBOX_ID } from './projects/inbox';
import type { TaskCreateInput } from './schemas';

/** The user's task settings that shape a new task (settings group `task`). */
export interface TaskDefaults {
  readonly defaultProjectId: string;
  readonly defaultPriority: number;
}

/**
 * The create input with the user's defaults where it chooses nothing: `priority` when absent, and
 * the default project when neither a project (absent or null) nor a parent (whose project a
 * subtask takes) is given. A default project that no longer exists or is archived (deleted on
 * another device, say) yields the Inbox rather than a refusal: the user did not name it in this
 * call, and a task in an archived project would vanish from every view.
 */
export async function withTaskDefaults(
  read: TaskReadPort,
  input: TaskCreateInput,
  defaults: TaskDefaults,
): Promise<TaskCreateInput> {
  const out: TaskCreateInput = { ...input };
  if (out.priority === undefined) out.priority = defaults.defaultPriority;
  if (out.projectId == null && out.parentId == null) {
    const project = await read.getProject(defaults.defaultProjectId);
    out.projectId = project !== null && project.archivedAt === null ? project.id : INBOX_ID;
  }
  return out;
}
