import type { Operation } from '../../ops/defineOperation';
import { createSettingsStore, type SettingsStore } from '../../settings/settingsStore';
import type { VaultServices } from '../../vault/services';
import type { TaskStore } from '../tasks/taskStore';
import { browserNet, inboxAssistOperations, type NetPort } from './inboxAssistOperations';
import { inboxCaptureOperations } from './inboxCaptureOperations';
import { inboxConvertOperations } from './inboxConvertOperations';
import { inboxFilingOperations } from './inboxFilingOperations';
import { inboxLearningOperations } from './inboxLearningOperations';
import { inboxReadOperations } from './inboxReadOperations';
import { createInboxStore } from './inboxStore';
import { inboxWriteOperations } from './inboxWriteOperations';
import type { NoteCreator } from './noteCreator';

/** Every `inbox.*` operation over one inbox store. */
export function inboxOperations(
  services: VaultServices,
  tasks: TaskStore,
  createNote: NoteCreator,
  net: NetPort = browserNet,
  settings: Pick<SettingsStore, 'getGroup'> = createSettingsStore(services),
): Operation[] {
  const store = createInboxStore(services);
  return [
    ...inboxReadOperations(store),
    ...inboxWriteOperations(services, store),
    ...inboxFilingOperations(services, store, tasks, createNote),
    ...inboxConvertOperations(services, store, createNote, settings),
    ...inboxCaptureOperations(services, store),
    ...inboxAssistOperations(services, store, net, settings),
    ...inboxLearningOperations(services, store),
  ];
}
