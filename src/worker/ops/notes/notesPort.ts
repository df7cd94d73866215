import type { Attachments } from '../../stores/attachments';
import type { NotesStore } from '../../stores/notesStore';

/**
 * What the notes operations need of the note store. The Dexie store (src/worker/stores) is the
 * implementation; its guarantees hold here: each write is one transaction, validated before it
 * starts, refused as a value (NOT_FOUND, CONFLICT, TOO_LARGE, VALIDATION), announced after commit.
 */
export type NotesPort = Pick<
  NotesStore,
  | 'list'
  | 'get'
  | 'create'
  | 'rename'
  | 'updateBody'
  | 'move'
  | 'delete'
  | 'listFolders'
  | 'createFolder'
  | 'renameFolder'
  | 'deleteFolder'
>;

/** What the attachment operations need: the attachment store (src/worker/stores/attachments.ts). */
export type AttachmentsPort = Pick<Attachments, 'upload' | 'delete' | 'list'>;
