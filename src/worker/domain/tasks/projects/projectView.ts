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

/** The full project of spec 2.4, with its statuses in position order. */
export function toFullProject(project: ProjectRecord, statuses: readonly StatusRecord[]) {
  const ref = projectSourceRef(project);
  return {
    ...project,
    statuses: statuses.filter((s) => s.projectId === project.id).sort((a, b) => a.position - b.position),
    href: ref.href,
    source_ref: ref,
    sources: [ref],
  };
}
