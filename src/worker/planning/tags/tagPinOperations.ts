import { normalizeTag } from '../../domain/notes/tags';
import { liveNote } from '../../domain/trash/noteTrash';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import type { VaultServices } from '../../vault/services';
import { PlanningFailure, writeTx } from '../writeTx';
import { notATag } from './retagEverywhere';
import { tagDefWriter } from './tagDefs';
import { TAG_SCHEMA, write } from './tagOperations';
import { carries } from './tagReadOperations';

const NOTE_ID = { type: 'string', minLength: 1, maxLength: 200 } as const;

/**
 * Pinning a note to a tag (spec 4.5 pinNoteToTag / unpinNoteFromTag): the tag's notes list the
 * pinned ones first, in pin order. Pins live on the tag's definition, so they sync and follow a
 * rename. Only a note that carries the tag (or a tag below it) can be pinned to it.
 */
export function tagPinOperations(services: VaultServices): Operation[] {
  const { db } = services;
  const defs = tagDefWriter(services);
  const pinOp = (name: string, summary: string, pin: boolean) =>
    defineOperation({
      ...write,
      name,
      summary,
      params: [
        { name: 'tag', required: true, schema: TAG_SCHEMA },
        { name: 'noteId', required: true, schema: NOTE_ID },
      ] as const,
      handler: ([raw, noteId]) => {
        const tag = normalizeTag(raw);
        if (tag === null) return notATag(raw, 'args[0]');
        return writeTx(services, [db.notes, db.tagDefs], async (changes) => {
          const note = liveNote(await db.notes.get(noteId));
          if (!note)
            throw new PlanningFailure({
              code: 'NOT_FOUND',
              message: `no note with id "${noteId}"`,
              field: 'args[1]',
            });
          const prev = (await db.tagDefs.get(tag.toLowerCase()))?.pinnedNoteIds ?? [];
          if (pin && !carries(note.tags, tag))
            throw new PlanningFailure({
              code: 'VALIDATION',
              message: `the note "${note.title}" does not carry #${tag}`,
              field: 'args[1]',
            });
          if (pin && prev.includes(noteId)) return { tag, pinnedNoteIds: prev };
          const next = pin
            ? [...prev.filter((id) => id !== noteId), noteId]
            : prev.filter((id) => id !== noteId);
          if (!pin && next.length === prev.length)
            throw new PlanningFailure({
              code: 'NOT_FOUND',
              message: `"${note.title}" is not pinned to #${tag}`,
              field: 'args[1]',
            });
          const row = await defs.patch(tag, { pinnedNoteIds: next });
          changes.push({ table: 'tagDefs', op: 'put', ids: [row.key] });
          return { tag: row.name, pinnedNoteIds: next };
        });
      },
    });
  return [
    pinOp('tags.pinNoteToTag', 'Pin a note to a tag: the tag’s notes list it first.', true),
    pinOp('tags.unpinNoteFromTag', 'Unpin a note from a tag.', false),
  ];
}
