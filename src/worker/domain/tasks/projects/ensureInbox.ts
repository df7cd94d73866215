import { type ChangeSet, EMPTY_CHANGES } from '../changeSet';
import type { TaskContext } from '../ports';
import { timestamp } from '../taskEdit';
import { defaultStatuses } from './defaultStatuses';
import { INBOX_ID, INBOX_NAME } from './inbox';
import { DEFAULT_PROJECT_COLOR, newProjectRecord } from './projectEdit';

/**
 * The Inbox project, created with its default statuses when missing (a new vault, or a vault
 * whose Inbox row was lost). Run when a vault opens; an empty change set means it exists. Two
 * devices that both create it produce the same ids, which merge instead of duplicating.
 */
export async function ensureInbox(ctx: TaskContext): Promise<ChangeSet> {
  if ((await ctx.read.getProject(INBOX_ID)) !== null) return EMPTY_CHANGES;
  const project = newProjectRecord(
    {
      id: INBOX_ID,
      name: INBOX_NAME,
      description: null,
      color: DEFAULT_PROJECT_COLOR,
      icon: null,
      position: 0,
      isInbox: true,
      homeNoteId: null,
      archivedAt: null,
    },
    ctx.deps,
  );
  const existing = await ctx.read.listStatuses(INBOX_ID);
  const statuses =
    existing.length > 0 ? [] : defaultStatuses(INBOX_ID, timestamp(ctx.deps.now()), ctx.deps.deviceId);
  return { ...EMPTY_CHANGES, projects: [project], statuses };
}
