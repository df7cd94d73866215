import type { NoteRow } from '../db/schema';

/** The note types whose bytes live in `blobs` and travel as chunks (issue 15). */
export const FILE_TYPES: NoteRow['fileType'][] = ['pdf', 'image', 'audio', 'video'];

/** A note attachment's folder is `attachments/<note id>` (domain/notes/attachments.ts). */
export const ATTACHMENT_FOLDER_PREFIX = 'attachments/';
