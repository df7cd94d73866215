/**
 * The hash route of a vault item: the one place that knows where a note, task, project, journal
 * entry, canvas or saved filter opens (bookmarks, reminders, home pages and canvas cards all link
 * through it). Null for a type that has no page of its own.
 */
export function itemRoute(type: string, id: string): string | null {
  const e = encodeURIComponent(id);
  switch (type) {
    case 'note':
      return `#/note/${e}`;
    case 'task':
      return `#/tasks/task/${e}`;
    case 'project':
      return `#/tasks/project/${e}`;
    case 'journal':
      return `#/journal/${e}`;
    case 'canvas':
      return `#/canvas/${e}`;
    case 'savedFilter':
      return `#/filters/${e}`;
    default:
      return null;
  }
}
