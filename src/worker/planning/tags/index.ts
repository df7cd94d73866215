import type { Operation } from '../../ops/defineOperation';
import type { NoteTagIndex } from '../../ops/tags/noteTagIndex';
import type { VaultServices } from '../../vault/services';
import type { TaskStore } from '../tasks/taskStore';
import { tagCategoryOperations } from './tagCategoryOperations';
import { tagOperations } from './tagOperations';
import { tagPinOperations } from './tagPinOperations';
import { tagReadOperations } from './tagReadOperations';

/** Every `tags.*` operation but the notes-only ones (src/worker/ops/tags). */
export function tagGroup(services: VaultServices, tasks: TaskStore, notes: NoteTagIndex): Operation[] {
  return [
    ...tagReadOperations(services, notes),
    ...tagOperations(services, tasks, notes),
    ...tagCategoryOperations(services),
    ...tagPinOperations(services),
  ];
}
