import type { Operation } from '../ops/defineOperation';
import type { VaultServices } from '../vault/services';
import { journalOperations } from './journal/journalOperations';
import { projectOperations } from './tasks/projectOperations';
import { taskReadOperations } from './tasks/taskReadOperations';
import { createTaskStore } from './tasks/taskStore';
import { taskWriteOperations } from './tasks/taskWriteOperations';

/** The user's IANA time zone: what "today" and a repeating task's completion day mean. */
const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The planning half's operations (tasks, projects, journal, inbox, ...), registered as they are built. */
export function planningOperations(services: VaultServices, timeZone = localTimeZone()): Operation[] {
  const tasks = createTaskStore(services, timeZone);
  return [
    ...taskReadOperations(tasks, services.db),
    ...taskWriteOperations(tasks),
    ...projectOperations(tasks),
    ...journalOperations(services, tasks),
  ];
}
