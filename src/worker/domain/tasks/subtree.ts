import type { TaskReadPort } from './ports';
import type { TaskRecord } from './types';

/** Upper bound on a subtree walk; a larger one is corrupt data, not a real task list. */
const MAX_SUBTREE = 100_000;

/** Every descendant of `rootId`, parents before children (breadth first). The root is excluded. */
export async function descendantsOf(read: TaskReadPort, rootId: string): Promise<TaskRecord[]> {
  const out: TaskRecord[] = [];
  const seen = new Set<string>([rootId]);
  let frontier = [rootId];
  while (frontier.length > 0 && out.length < MAX_SUBTREE) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const child of await read.listSubtasks(id)) {
        if (seen.has(child.id)) continue;
        seen.add(child.id);
        out.push(child);
        next.push(child.id);
      }
    }
    frontier = next;
  }
  return out;
}

/** The position after the last task of a list (project + parent). */
export async function nextPosition(
  read: TaskReadPort,
  projectId: string,
  parentId: string | null,
): Promise<number> {
  const max = await read.maxTaskPosition(projectId, parentId);
  return max === null ? 0 : max + 1024;
}
