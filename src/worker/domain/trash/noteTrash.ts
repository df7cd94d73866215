import type { NoteRow } from '../../db/notesTables';

/** How long a trashed item is kept before the leader purges it (docs/trash.md). */
export const TRASH_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * What a trashed note or file keeps aside, to be put back on restore. These are the fields the
 * `notes` indexes are built from (`titleKey`, `modified`, `*tags`, `*linkedTaskIds`): with them
 * set aside, IndexedDB leaves the row out of every index, so every list, count, title look-up,
 * tag count and calendar read skips a trashed note without a filter of its own (docs/trash.md).
 */
export interface TrashedFrom {
  titleKey: string;
  modified: number;
  tags: string[];
  linkedTaskIds?: string[];
  /** the folder deleted with it, when the note went to the Trash as part of a folder */
  folder?: string;
}

/** A row of `notes` in the Trash: synced as the same record, `trashedAt` set. */
export type TrashedNoteRow = Omit<NoteRow, 'titleKey' | 'modified' | 'dateKeys' | 'dateProps'> & {
  trashedAt: number;
  trashedFrom: TrashedFrom;
};

/** Whether a stored `notes` row is in the Trash (null/undefined: absent). */
export function isTrashed(row: unknown): row is TrashedNoteRow {
  return typeof (row as { trashedAt?: unknown } | null | undefined)?.trashedAt === 'number';
}

/** The live row, or undefined for a trashed or missing one. */
export function liveNote<T extends NoteRow>(row: T | undefined): T | undefined {
  return row && !isTrashed(row) ? row : undefined;
}

/** The row as it is kept in the Trash. */
export function toTrashed(row: NoteRow, at: number, folder?: string): TrashedNoteRow {
  const { titleKey, modified, tags, linkedTaskIds, dateKeys: _k, dateProps: _p, ...rest } = row;
  const from: TrashedFrom = { titleKey, modified, tags };
  if (linkedTaskIds && linkedTaskIds.length > 0) from.linkedTaskIds = linkedTaskIds;
  if (folder !== undefined) from.folder = folder;
  return { ...rest, tags: [], linkedTaskIds: [], trashedAt: at, trashedFrom: from };
}

/**
 * The live row again, under `title` (the caller picks a free one). The calendar keys are derived
 * again by the caller from the properties (noteDateFields).
 */
export function fromTrashed(row: TrashedNoteRow, title: string): NoteRow {
  const { trashedAt: _a, trashedFrom, tags: _t, linkedTaskIds: _l, ...rest } = row;
  const live: NoteRow = {
    ...rest,
    title,
    titleKey: title.toLowerCase(),
    modified: trashedFrom.modified,
    tags: trashedFrom.tags,
  };
  if (trashedFrom.linkedTaskIds) live.linkedTaskIds = trashedFrom.linkedTaskIds;
  return live;
}

/**
 * `row` after its body changed: the text's derived fields and the new `modified`. A row in the
 * Trash keeps its index fields aside (`modified`, tags and linked tasks go to `trashedFrom`, put
 * back on restore; no calendar keys), so a body that reaches a note already in the Trash (another
 * device's edit, or a pull held by a 429 that delivers the body after the trash) never brings the
 * note back into the lists, tag counts or calendar while it stays in the Trash.
 */
export function withBody<D extends BodyFields>(row: NoteRow, derived: D, modified: number): NoteRow {
  if (!isTrashed(row)) return { ...row, ...derived, modified };
  const { tags, linkedTaskIds, dateKeys: _k, dateProps: _p, ...rest } = derived;
  const { linkedTaskIds: _l, ...from } = row.trashedFrom;
  const aside: TrashedFrom = { ...from, modified, tags };
  if (linkedTaskIds.length > 0) aside.linkedTaskIds = linkedTaskIds;
  return { ...row, ...rest, trashedFrom: aside } as unknown as NoteRow;
}

/** The fields a body's text derives that the `notes` indexes are built from. */
interface BodyFields {
  tags: string[];
  linkedTaskIds: string[];
  dateKeys: string[];
  dateProps: string[];
}

/** Whether an item trashed at `trashedAt` is due for the purge at `now`. */
export const purgeDue = (trashedAt: number, now: number) => now - trashedAt >= TRASH_KEEP_MS;
