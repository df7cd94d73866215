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

/** The planning half's sections (tasks, journal, inbox, ...), listed as they are built. */
export const planningSections: Section[] = [
  { id: 'tasks', label: 'Tasks', shortcut: 't', component: TasksSection },
  { id: 'inbox', label: 'Inbox', shortcut: 'i', component: InboxSection },
  { id: 'journal', label: 'Journal', shortcut: 'j', component: JournalSection },
  { id: 'canvas', label: 'Canvas', shortcut: 'c', component: CanvasSection },
];
