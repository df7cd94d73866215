import { base64 } from '@scure/base';
import { MAX_ATTACHMENT_BYTES } from '../../stores/attachments';
import { defineOperation, type Operation } from '../defineOperation';
import { fail, ok, type Result } from '../result';
import type { AttachmentsPort } from './notesPort';

const ID = {
  type: 'string',
  minLength: 1,
  description: 'the markdown note the attachment belongs to',
} as const;
const NAME = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  description: 'file name with its extension, e.g. photo.png (pdf, image, audio or video)',
} as const;

/** Renames a store refusal's field to where it sits in the positional args. */
const FIELDS: Record<string, string> = { note_id: 'args[0]', name: 'args[1]', data: 'args[2]' };
function placed<T>(res: Result<T>): Result<T> {
  if (res.ok || res.error.field === undefined) return res;
  return { ...res, error: { ...res.error, field: FIELDS[res.error.field] ?? res.error.field } };
}

/** An attachment is a filed file: cited as kind `note` with its own id (spec 2.1). */
const withRef = <T extends { id: string; name: string }>(a: T) => {
  const href = `svc://note/${a.id}`;
  return { ...a, href, source_ref: { kind: 'note' as const, id: a.id, title: a.name, href } };
};

/**
 * notes.listAttachments / uploadAttachment / deleteAttachment (spec 4.4, 4.5). The spec does not
 * give their arguments; Cairn's: `(noteId)`, `(noteId, name, dataBase64, mimeType?)`,
 * `(noteId, name)` (docs/notes.md, "Attachments").
 */
export function attachmentOperations(attachments: AttachmentsPort): Operation[] {
  return [
    defineOperation({
      name: 'notes.listAttachments',
      summary: "A note's attachments (attachments/<note_id>/<name>), by name",
      kind: 'read',
      params: [{ name: 'noteId', required: true, schema: ID }] as const,
      handler: async ([noteId]) => {
        const res = placed(await attachments.list(noteId));
        return res.ok ? ok(res.value.map(withRef)) : res;
      },
    }),
    defineOperation({
      name: 'notes.uploadAttachment',
      summary: 'Attach a pdf, image, audio or video file to a note; embed it with the returned `embed`',
      kind: 'write',
      requiresApproval: true,
      params: [
        { name: 'noteId', required: true, schema: ID },
        { name: 'name', required: true, schema: NAME },
        {
          name: 'data',
          required: true,
          schema: {
            type: 'string',
            minLength: 1,
            // No maxLength: the size is checked in the handler (a schema bound would make
            // generated bad-input cases build a 140 MB string).
            description: `the file's bytes, base64 (at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB decoded)`,
          },
        },
        {
          name: 'mimeType',
          required: false,
          schema: {
            type: 'string',
            maxLength: 200,
            description: 'used when the name has no known extension',
          },
        },
      ] as const,
      handler: async ([noteId, name, data, mimeType]) => {
        if (data.length > Math.ceil(MAX_ATTACHMENT_BYTES / 3) * 4 + 4) {
          const message = `An attachment may hold at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB.`;
          return { ok: false, error: { code: 'TOO_LARGE', message, field: 'args[2]' } };
        }
        let bytes: Uint8Array<ArrayBuffer>;
        try {
          bytes = new Uint8Array(base64.decode(data.replace(/\s+/g, '')));
        } catch {
          return fail('VALIDATION', 'The data is not valid base64.', {
            field: 'args[2]',
            expected: 'base64',
          });
        }
        const res = placed(await attachments.upload(noteId, name, new Blob([bytes]), mimeType ?? ''));
        return res.ok ? ok(withRef(res.value)) : res;
      },
    }),
    defineOperation({
      name: 'notes.deleteAttachment',
      summary: "Delete one of a note's attachments by name",
      kind: 'write',
      requiresApproval: true,
      params: [
        { name: 'noteId', required: true, schema: ID },
        { name: 'name', required: true, schema: NAME },
      ] as const,
      handler: async ([noteId, name]) => placed(await attachments.delete(noteId, name)),
    }),
  ];
}
