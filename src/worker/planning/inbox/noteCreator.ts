import type { AppError } from '../../../shared/result';

/**
 * How the inbox makes a note (filing into a folder, convertToNote): the notes store's own
 * create, so titles, folders, the CRDT body and the search mirror follow the notes rules.
 * Called inside the inbox's transaction (which spans every table), so both commit or neither.
 */
export type NoteCreator = (input: {
  title: string;
  folderPath: string;
  markdown: string;
}) => Promise<{ ok: true; value: { id: string; title: string } } | { ok: false; error: AppError }>;
