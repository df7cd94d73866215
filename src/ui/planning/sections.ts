import { lazy } from 'solid-js';
import type { Section } from '../app/section';

// Each section loads when it is first opened, not with the first paint of the notes.
const TasksSection = lazy(() => import('./tasks/TasksSection').then((m) => ({ default: m.TasksSection })));
const InboxSection = lazy(() => import('./inbox/InboxSection').then((m) => ({ default: m.InboxSection })));
const JournalSection = lazy(() =>
  import('./journal/JournalSection').then((m) => ({ default: m.JournalSection })),
);
const CanvasSection = lazy(() =>
  import('./canvas/CanvasSection').then((m) => ({ default: m.CanvasSection })),
);
const HomeSection = lazy(() => import('./home/HomeSection').then((m) => ({ default: m.HomeSection })));
const CalendarSection = lazy(() =>
  import('./calendar/CalendarSection').then((m) => ({ default: m.CalendarSection })),
);
const RemindersSection = lazy(() =>
  import('./reminders/RemindersSection').then((m) => ({ default: m.RemindersSection })),
);
const TemplatesSection = lazy(() =>
  import('./templates/TemplatesSection').then((m) => ({ default: m.TemplatesSection })),
);
const FiltersSection = lazy(() =>
  import('./filters/FiltersSection').then((m) => ({ default: m.FiltersSection })),
);

/** The planning half's sections (tasks, journal, inbox, ...), listed as they are built. */
export const planningSections: Section[] = [
  { id: 'tasks', label: 'Tasks', shortcut: 't', component: TasksSection },
  { id: 'inbox', label: 'Inbox', shortcut: 'i', component: InboxSection },
  { id: 'journal', label: 'Journal', shortcut: 'j', component: JournalSection },
  { id: 'canvas', label: 'Canvas', shortcut: 'c', component: CanvasSection },
  { id: 'home', label: 'Home', shortcut: 'h', component: HomeSection },
  { id: 'calendar', label: 'Calendar', shortcut: 'e', component: CalendarSection },
  { id: 'reminders', label: 'Reminders', shortcut: 'r', component: RemindersSection },
  { id: 'templates', label: 'Templates', shortcut: 'p', component: TemplatesSection },
  { id: 'filters', label: 'Filters', shortcut: 'f', component: FiltersSection },
];
