import type { VaultClient } from '../../vault/createVaultClient';
import { writeOp } from '../shared/callOp';
import type { Failure } from '../shared/createFailure';
import type { TaskCard, TaskWriteReply } from './taskTypes';

/** The task writes the views share; each records its refusal in `failure`. */
export function createTaskActions(client: VaultClient, failure: Failure) {
  return {
    async create(input: Record<string, unknown>): Promise<boolean> {
      return failure.take(await writeOp<TaskWriteReply>(client, 'tasks.create', input)) !== null;
    },
    async toggle(task: TaskCard) {
      const op = task.completedAt === null ? 'tasks.complete' : 'tasks.uncomplete';
      failure.take(await writeOp<TaskWriteReply>(client, op, task.id));
    },
    async update(id: string, patch: Record<string, unknown>): Promise<boolean> {
      return failure.take(await writeOp<TaskWriteReply>(client, 'tasks.update', id, patch)) !== null;
    },
    async run(op: string, ...args: unknown[]): Promise<boolean> {
      return failure.take(await writeOp<unknown>(client, op, ...args)) !== null;
    },
  };
}

export type TaskActions = ReturnType<typeof createTaskActions>;
