import type { AppError } from '../../../shared/result';

type Outcome<T> = { ok: true; value: T } | { ok: false; error: AppError };

/**
 * How the inbox makes a note (filing into a folder, convertToNote): the notes store's own create
 * and delete, so titles, folders, the CRDT body, links and the search mirror follow the notes
 * rules. Each runs in the notes store's own transaction (the notes store announces and indexes
 * after its own commit, so it is not nested inside the inbox's transaction).
 */
export interface NoteCreator {
  create(input: {
    title: string;
    folderPath: string;
    markdown: string;
  }): Promise<Outcome<{ id: string; title: string }>>;
  /** Attaches a filed capture's file to the note (the notes store's attachments.upload). */
  attach(
    noteId: string,
    name: string,
    blob: Blob,
    mimeType: string,
  ): Promise<Outcome<{ id: string; name: string; file: string }>>;
  /** Adds markdown at the end of a markdown note (inbox.linkToNote); NOT_FOUND on `noteId` otherwise. */
  append(noteId: string, markdown: string): Promise<Outcome<{ id: string; title: string }>>;
  /** Deletes a note filing made: after a refused filing, or on undo while unedited (its attachments go with it). */
  remove(id: string): Promise<void>;
}
