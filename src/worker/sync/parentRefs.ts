import type { ItemKey } from '../../sync/engine/ports';
import type { VaultDb } from '../db/schema';
import { INBOX_ID } from '../domain/tasks/projects/inbox';

type Row = Record<string, unknown>;

export interface MissingParents {
  /** a project or parent task the row belongs to and this device lacks: the row is an orphan */
  parents: ItemKey[];
  /** the status a task names and this device lacks: a dangling `status_id` (not an orphan) */
  status: ItemKey | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * The parents of a task or status row that are absent locally (spec 4.3.6), read inside the
 * caller's transaction, so rows applied earlier in it count as present. The Inbox project is
 * never missing: every device creates it with the same id when the vault opens.
 */
export async function missingParents(db: VaultDb, type: string, row: Row): Promise<MissingParents> {
  const out: MissingParents = { parents: [], status: null };
  if (type !== 'task' && type !== 'project_status') return out;
  const project = text(row.projectId);
  if (project && project !== INBOX_ID && !(await db.projects.get(project))) {
    out.parents.push({ type: 'project', id: project });
  }
  if (type === 'task') {
    const parent = text(row.parentId);
    if (parent && !(await db.tasks.get(parent))) out.parents.push({ type: 'task', id: parent });
    const status = text(row.statusId);
    if (status && !(await db.statuses.get(status))) out.status = { type: 'project_status', id: status };
  }
  return out;
}
