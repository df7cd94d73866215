import type { Operation } from '../defineOperation';
import { folderWriteOperations } from './folderWriteOperations';
import type { NotesPort } from './notesPort';
import { notesReadOperations } from './notesReadOperations';
import { notesWriteOperations } from './notesWriteOperations';

export type { NotesPort } from './notesPort';

/**
 * Every notes operation the note store can answer today. The vault's composition root registers
 * them: `createRegistry([...notesOperations(notes), ...planningOperations(services)])`.
 */
export function notesOperations(notes: NotesPort): Operation[] {
  return [...notesReadOperations(notes), ...notesWriteOperations(notes), ...folderWriteOperations(notes)];
}
