import { AppFailure, type Result } from '../../shared/result';
import type { ChangeFeed } from '../changes/changeFeed';
import type { NoteRow, VaultDb } from '../db/schema';
import { attachmentFolder, checkAttachmentName, freeAttachmentName } from '../domain/notes/attachments';
import { headerOfRow } from '../links/headerOfRow';
import type { LinkIndex } from '../links/linkIndex';
import { attachmentRowsOf } from './attachmentRows';
import { createNoteTransaction } from './noteTransaction';

/** The most one attachment may hold (the bytes travel as encrypted chunks when synced). */
export const MAX_ATTACHMENT_BYTES = 100 * 1024 * 1024;

/** One attachment as operations and the UI see it. */
export interface AttachmentEntry {
  /** the attachment's own file id (a filed file: `svc://note/<id>`) */
  id: string;
  note_id: string;
  name: string;
  /** `attachments/<note_id>/<name>` (spec 2.2) */
  file: string;
  file_type: Exclude<NoteRow['fileType'], 'markdown'>;
  mime_type: string;
  size: number;
  created: string;
  /** what to write in the note to show it: `![[name]]` */
  embed: string;
}

export function toAttachmentEntry(noteId: string, row: NoteRow): AttachmentEntry {
  return {
    id: row.id,
    note_id: noteId,
    name: row.title,
    file: `${attachmentFolder(noteId)}/${row.title}`,
    file_type: row.fileType as AttachmentEntry['file_type'],
    mime_type: row.mime ?? 'application/octet-stream',
    size: row.size ?? 0,
    created: new Date(row.created).toISOString(),
    embed: `![[${row.title}]]`,
  };
}

const notFound = (id: string) =>
  new AppFailure({ code: 'NOT_FOUND', message: `No note with id "${id}".`, field: 'note_id' });

/**
 * Attachments of markdown notes (docs/notes.md, "Attachments"): filed-file rows at
 * `attachments/<note_id>/<name>` with their bytes in `blobs`, written in one transaction with the
 * link rows they resolve (an `![[name]]` written before the upload resolves when it arrives).
 * No folder rows are made for them: they belong to the note, not to the folder tree.
 */
export function createAttachments(deps: {
  db: VaultDb;
  feed: ChangeFeed;
  links: LinkIndex;
  now: () => number;
  newId: () => string;
}) {
  const { db, links } = deps;
  const write = createNoteTransaction(db, deps.feed, links);

  async function ownerInTx(noteId: string): Promise<NoteRow> {
    const note = await db.notes.get(noteId);
    if (!note) throw notFound(noteId);
    if (note.fileType !== 'markdown') {
      throw new AppFailure({
        code: 'VALIDATION',
        message: `"${note.title}" is a filed file; only markdown notes have attachments.`,
        field: 'note_id',
      });
    }
    return note;
  }

  return {
    /**
     * Stores `blob` as an attachment of the note. A name already used by another of the note's
     * attachments gets " 1", " 2", … before its extension; the reply says which name was used.
     */
    upload(noteId: string, rawName: string, blob: Blob, declaredMime = ''): Promise<Result<AttachmentEntry>> {
      return write(async (changes) => {
        const checked = checkAttachmentName(rawName, declaredMime || blob.type);
        if (!checked.ok) throw new AppFailure(checked.error);
        if (blob.size > MAX_ATTACHMENT_BYTES) {
          throw new AppFailure({
            code: 'TOO_LARGE',
            message: `An attachment may hold at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB.`,
            field: 'data',
          });
        }
        const owner = await ownerInTx(noteId);
        const taken = new Set((await attachmentRowsOf(db, noteId)).map((r) => r.titleKey));
        const name = freeAttachmentName(checked.value.name, (k) => taken.has(k));
        const t = deps.now();
        const row: NoteRow = {
          id: deps.newId(),
          title: name,
          titleKey: name.toLowerCase(),
          folderPath: attachmentFolder(noteId),
          fileType: checked.value.type,
          mime: checked.value.mime,
          size: blob.size,
          snippet: '',
          wordCount: 0,
          tags: [],
          emoji: null,
          localOnly: false,
          created: t,
          modified: t,
        };
        await db.notes.add(row);
        await db.blobs.add({ id: row.id, blob });
        // spec 2.3: the note lists the files it embeds (synced, merged as a union)
        await db.notes.put({
          ...owner,
          attachmentReferences: [...(owner.attachmentReferences ?? []), row.id],
        });
        const linkIds = await links.headersChangedInTx([{ after: headerOfRow(row) }]);
        changes.push(
          { table: 'notes', op: 'put', ids: [row.id, noteId] },
          { table: 'links', op: 'put', ids: [...new Set(linkIds)] },
        );
        return toAttachmentEntry(noteId, row);
      });
    },

    /** Deletes one attachment by name (case-insensitive) with its bytes. */
    delete(noteId: string, name: string): Promise<Result<{ note_id: string; name: string; id: string }>> {
      return write(async (changes) => {
        const owner = await ownerInTx(noteId);
        const row = await db.notes
          .where('[folderPath+titleKey]')
          .equals([attachmentFolder(noteId), name.normalize('NFC').trim().toLowerCase()])
          .first();
        if (!row) {
          throw new AppFailure({
            code: 'NOT_FOUND',
            message: `The note has no attachment named "${name}".`,
            field: 'name',
          });
        }
        await db.notes.delete(row.id);
        await db.blobs.delete(row.id);
        const refs = owner.attachmentReferences?.filter((r) => r !== row.id);
        if (refs) await db.notes.put({ ...owner, attachmentReferences: refs });
        const linkIds = await links.headersChangedInTx([{ before: headerOfRow(row) }]);
        changes.push(
          { table: 'notes', op: 'delete', ids: [row.id] },
          { table: 'links', op: 'put', ids: [...new Set(linkIds)] },
        );
        return { note_id: noteId, name: row.title, id: row.id };
      });
    },

    /** The note's attachments, by name. */
    async list(noteId: string): Promise<Result<AttachmentEntry[]>> {
      const note = await db.notes.get(noteId);
      if (!note) return { ok: false, error: notFound(noteId).error };
      return {
        ok: true,
        value: (await attachmentRowsOf(db, noteId)).map((r) => toAttachmentEntry(noteId, r)),
      };
    },
  };
}

export type Attachments = ReturnType<typeof createAttachments>;
