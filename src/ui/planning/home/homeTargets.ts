import { itemRoute } from '../../app/itemRoute';

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
  if (p.targetType === 'journal' && p.targetId === 'today') return '#/journal';
  if (p.targetType !== 'task') {
    const item = itemRoute(p.targetType, p.targetId);
    if (item !== null) return item;
  }
  return p.targetId === 'notes' ? '#/' : `#/${encodeURIComponent(p.targetId)}`;
}
