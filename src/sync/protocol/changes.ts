/** `GET /sync/changes?cursor=N[&inline=1]` (spec 2.4, 4). */
import type { PullItem } from './pull';

export interface ChangeRef {
  type: string;
  id: string;
  serverCursor: number;
  deleted: boolean;
  sizeBytes: number;
  committedAtMs: number | null;
}

/** A note-body change on the feed: updates up to 4 KiB carry `data` (base64) inline. */
export type NoteBodyRef =
  | {
      kind: 'update';
      noteId: string;
      serverCursor: number;
      sequenceNum: number;
      sizeBytes: number;
      data?: string;
    }
  | { kind: 'snapshot'; noteId: string; serverCursor: number; sequenceNum: number; revision: string };

export interface ChangesResponse {
  refs: ChangeRef[];
  nextCursor: number;
  serverTimeMs: number;
  /** with inline=1: pull items of the page's rows that fit 64 KiB */
  inline?: PullItem[];
  /** when `note_body` was declared */
  noteBodies?: NoteBodyRef[];
}
