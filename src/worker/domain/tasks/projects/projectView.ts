import type { SourceRef } from '../fullTask';
import type { ProjectRecord, StatusRecord } from '../types';

export function projectSourceRef(project: Pick<ProjectRecord, 'id' | 'name' | 'icon'>): SourceRef {
  return {
    kind: 'project',
    id: project.id,
    title: project.name,
    href: `svc://project/${encodeURIComponent(project.id)}`,
    icon: project.icon,
  };
}

/** `active` or `archived`: the list entry's `status`, derived from `archivedAt`. */
export function projectState(project: ProjectRecord): 'active' | 'archived' {
  return project.archivedAt === null ? 'active' : 'archived';
}

export interface LinkedCounts {
  readonly notes: number;
  readonly files: number;
  readonly events: number;
}

/** The project list entry of spec 2.4 (counts come from the caller's indexes). */
export function toProjectListEntry(project: ProjectRecord, taskCount: number, linkedCounts: LinkedCounts) {
  const ref = projectSourceRef(project);
  return {
    id: project.id,
    name: project.name,
    status: projectState(project),
    task_count: taskCount,
    icon: project.icon,
    home_note_id: project.homeNoteId,
    linked_counts: linkedCounts,
    href: ref.href,
    source_ref: ref,
  };
}

/** A status as spec 2.4 shows it: the record without its sync fields. */
export type Status = Omit<StatusRecord, 'modifiedAt' | 'clock'>;

/** The status of spec 2.4: the record without its sync fields (`modifiedAt`, `clock`). */
export function toStatus({
  id,
  projectId,
  name,
  color,
  position,
  isDefault,
  isDone,
  createdAt,
}: StatusRecord): Status {
  return { id, projectId, name, color, position, isDefault, isDone, createdAt };
}

/** The full project of spec 2.4, with its statuses (spec 2.4's shape) in position order. */
export function toFullProject(record: ProjectRecord, statuses: readonly StatusRecord[]) {
  // the Trash mark is bookkeeping: a project anyone reads is live (docs/trash.md)
  const { trashedAt: _t, ...project } = record;
  const ref = projectSourceRef(project);
  return {
    ...project,
    statuses: statuses
      .filter((s) => s.projectId === record.id)
      .sort((a, b) => a.position - b.position)
      .map(toStatus),
    href: ref.href,
    source_ref: ref,
    sources: [ref],
  };
}
