import { maskCode } from '../../notes/markdown/maskCode';

/**
 * How a note (or an event's description) links to a task: a link whose target is the task's
 * spec 2.1 `href` (`svc://task/<id>`, what checkbox conversion writes) or its app route
 * (`#/tasks/task/<id>`, what a user copies from the address bar). Code is skipped, as for wiki
 * links. Ids come back decoded, unique, in text order.
 */
const TASK_LINK = /(?:svc:\/\/task\/|#\/tasks\/task\/)([^\s)\]>"'`|]+)/g;
/** A task id is at most 100 characters (taskIdSchema); a longer match is not a task link. */
const MAX_ID = 100;

export function taskIdsInText(text: string): string[] {
  if (!text.includes('task/')) return [];
  const out = new Set<string>();
  for (const m of maskCode(text).matchAll(TASK_LINK)) {
    const id = decoded(m[1] as string);
    if (id !== null && id.length <= MAX_ID) out.add(id);
  }
  return [...out];
}

function decoded(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null; // a malformed %-escape is no task id
  }
}
