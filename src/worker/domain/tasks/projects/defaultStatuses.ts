import { tick } from '../../clock/vectorClock';
import type { StatusRecord } from '../types';

/**
 * The statuses every new project starts with: To do (default), In progress, Done (done). Their
 * ids derive from the project id, so two devices that both create the Inbox's statuses while
 * offline create the same three records instead of six.
 */
export const DEFAULT_STATUS_TEMPLATES = [
  { suffix: 'todo', name: 'To do', color: '#6B7280', isDefault: true, isDone: false },
  { suffix: 'doing', name: 'In progress', color: '#3B82F6', isDefault: false, isDone: false },
  { suffix: 'done', name: 'Done', color: '#22C55E', isDefault: false, isDone: true },
] as const;

export function defaultStatuses(projectId: string, now: string, deviceId: string): StatusRecord[] {
  return DEFAULT_STATUS_TEMPLATES.map((t, index) => ({
    id: `${projectId}-${t.suffix}`,
    projectId,
    name: t.name,
    color: t.color,
    position: index * 1024,
    isDefault: t.isDefault,
    isDone: t.isDone,
    createdAt: now,
    modifiedAt: now,
    clock: tick({}, deviceId),
  }));
}
