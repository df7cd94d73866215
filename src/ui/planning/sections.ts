import type { Section } from '../app/section';
import { CanvasSection } from './canvas/CanvasSection';
import { InboxSection } from './inbox/InboxSection';
import { JournalSection } from './journal/JournalSection';
import { TasksSection } from './tasks/TasksSection';

/** The planning half's sections (tasks, journal, inbox, ...), listed as they are built. */
export const planningSections: Section[] = [
  { id: 'tasks', label: 'Tasks', shortcut: 't', component: TasksSection },
  { id: 'inbox', label: 'Inbox', shortcut: 'i', component: InboxSection },
  { id: 'journal', label: 'Journal', shortcut: 'j', component: JournalSection },
  { id: 'canvas', label: 'Canvas', shortcut: 'c', component: CanvasSection },
];
