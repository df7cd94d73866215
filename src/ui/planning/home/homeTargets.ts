/** A home page as `homePages.*` answer it (src/worker/domain/homePages/homePage.ts). */
export interface HomePage {
  id: string;
  name: string;
  targetType: string;
  targetId: string;
  isDefault: boolean;
  position: number;
}

/** Something a home page can open: its record fields and the label the picker shows. */
export interface HomeTarget {
  targetType: string;
  targetId: string;
  label: string;
}

/** The app's sections a home page may open (ids of src/ui/planning/sections.ts). */
export const SECTION_TARGETS: HomeTarget[] = [
  { targetType: 'section', targetId: 'tasks', label: 'Tasks: Today' },
  { targetType: 'section', targetId: 'inbox', label: 'Inbox' },
  { targetType: 'journal', targetId: 'today', label: 'Journal: today' },
  { targetType: 'section', targetId: 'calendar', label: 'Calendar' },
  { targetType: 'section', targetId: 'reminders', label: 'Reminders' },
  { targetType: 'section', targetId: 'notes', label: 'Notes' },
];

/** The hash route a home page opens. */
export function homeHref(p: Pick<HomePage, 'targetType' | 'targetId'>): string {
  const id = encodeURIComponent(p.targetId);
  switch (p.targetType) {
    case 'note':
      return `#/note/${id}`;
    case 'project':
      return `#/tasks/project/${id}`;
    case 'savedFilter':
      return `#/filters/${id}`;
    case 'canvas':
      return `#/canvas/${id}`;
    case 'journal':
      return p.targetId === 'today' ? '#/journal' : `#/journal/${id}`;
    default:
      return p.targetId === 'notes' ? '#/' : `#/${id}`;
  }
}
