import { base64 } from '@scure/base';
import {
  checkCaptureFile,
  defaultFileName,
  type FileCaptureType,
  MAX_CAPTURE_BYTES,
} from '../../domain/inbox/captureFile';
import { captureItem } from '../../domain/inbox/captureItem';
import { inboxBlobId } from '../../domain/inbox/inboxItem';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { fail, ok } from '../../ops/result';
import type { VaultServices } from '../../vault/services';
import { writeTx } from '../writeTx';
import { captureClipSchema, captureFileSchema } from './inboxSchemas';
import type { InboxStore } from './inboxStore';

const write = { kind: 'write', requiresApproval: true } as const;
type FileCapture = {
  data: string;
  mimeType: string;
  name?: string;
  title?: string;
  note?: string;
  durationMs?: number;
  tags?: string[];
};

/**
 * Captures beyond text and link (spec 4.5): an image, a voice recording, a PDF (their bytes kept
 * whole in `blobs` under `inbox:<id>`, written in the same transaction as the item), and a clip
 * (text taken from a page, with its address). A voice capture is never transcribed: no model
 * ships (`transcriptionStatus` says so), and the recording stays playable.
 */
export function inboxCaptureOperations(services: VaultServices, store: InboxStore): Operation[] {
  const { db, deps } = store;

  const captureFile = async (type: FileCaptureType, c: FileCapture) => {
    if (c.data.length > Math.ceil(MAX_CAPTURE_BYTES / 3) * 4 + 4)
      return fail('VALIDATION', `a capture holds at most ${MAX_CAPTURE_BYTES / 1024 / 1024} MB`, {
        field: 'args[0].data',
      });
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = new Uint8Array(base64.decode(c.data.replace(/\s+/g, '')));
    } catch {
      return fail('VALIDATION', 'the data is not valid base64', {
        field: 'args[0].data',
        expected: 'base64',
      });
    }
    const checked = checkCaptureFile(type, c.mimeType, bytes);
    if (!checked.ok)
      return fail('VALIDATION', checked.message, {
        field: `args[0].${checked.field}`,
        ...(checked.expected ? { expected: checked.expected } : {}),
      });
    return writeTx(services, [db.inbox, db.blobs], async (changes) => {
      const at = new Date(deps.now()).toISOString();
      const fileName = c.name ?? defaultFileName(type, checked.mimeType, at);
      const metadata: Record<string, string> = {
        fileName,
        mimeType: checked.mimeType,
        size: String(bytes.length),
      };
      if (c.durationMs !== undefined) metadata.durationMs = String(c.durationMs);
      const row = captureItem(
        { type, title: c.title ?? fileName, content: c.note ?? null, tags: c.tags, metadata },
        deps,
      );
      await db.blobs.put({ id: inboxBlobId(row.id), blob: new Blob([bytes], { type: checked.mimeType }) });
      await store.put([row], changes);
      return { id: row.id, title: row.title, type: row.type, transcriptionStatus: row.transcriptionStatus };
    });
  };
  const fileOp = (name: string, type: FileCaptureType, summary: string) =>
    defineOperation({
      ...write,
      name,
      summary,
      params: [{ name: 'capture', required: true, schema: captureFileSchema }] as const,
      handler: ([c]) => captureFile(type, c),
    });

  return [
    fileOp(
      'inbox.captureImage',
      'image',
      'Capture an image (png, jpeg, gif, webp, ...; base64) into the inbox.',
    ),
    fileOp(
      'inbox.captureVoice',
      'voice',
      'Capture a voice recording (audio/*; base64). It is kept and playable; no transcription model ships.',
    ),
    fileOp('inbox.capturePdf', 'pdf', 'Capture a PDF (base64) into the inbox.'),
    defineOperation({
      ...write,
      name: 'inbox.captureClip',
      summary: 'Capture text clipped from a page, with the page’s address (and title).',
      params: [{ name: 'clip', required: true, schema: captureClipSchema }] as const,
      handler: ([c]) =>
        writeTx(services, [db.inbox], async (changes) => {
          const row = captureItem(
            {
              type: 'clip',
              content: c.text,
              sourceUrl: c.url,
              sourceTitle: c.pageTitle ?? null,
              title: c.title ?? c.pageTitle,
              tags: c.tags,
            },
            deps,
          );
          await store.put([row], changes);
          return { id: row.id, title: row.title, type: row.type };
        }),
    }),
    defineOperation({
      kind: 'read',
      name: 'inbox.getAttachment',
      summary: 'The file of an image, voice or PDF capture: name, MIME type, size and bytes (base64).',
      params: [
        { name: 'id', required: true, schema: { type: 'string', minLength: 1, maxLength: 200 } },
      ] as const,
      handler: async ([id]) => {
        const row = await db.inbox.get(id);
        if (!row)
          return fail('NOT_FOUND', `inbox item ${JSON.stringify(id)} does not exist`, { field: 'args[0]' });
        // Filed into a note, the file is that note's attachment.
        const attachmentId = row.metadata?.attachmentId;
        const blob =
          (await db.blobs.get(inboxBlobId(id))) ??
          (attachmentId ? await db.blobs.get(attachmentId) : undefined);
        if (!blob) return fail('NOT_FOUND', `“${row.title}” has no file`, { field: 'args[0]' });
        const bytes = new Uint8Array(await blob.blob.arrayBuffer());
        return ok({
          id,
          name: row.metadata?.fileName ?? row.title,
          mimeType: blob.blob.type,
          size: bytes.length,
          data: base64.encode(bytes),
        });
      },
    }),
    defineOperation({
      ...write,
      name: 'inbox.retryTranscription',
      summary:
        'Transcribe a voice capture again: always refused with the reason (no transcription model ships).',
      params: [
        { name: 'id', required: true, schema: { type: 'string', minLength: 1, maxLength: 200 } },
      ] as const,
      handler: async ([id]) => {
        const row = await db.inbox.get(id);
        if (!row)
          return fail('NOT_FOUND', `inbox item ${JSON.stringify(id)} does not exist`, { field: 'args[0]' });
        if (row.type !== 'voice')
          return fail('VALIDATION', `“${row.title}” is a ${row.type} capture, not a voice recording`, {
            field: 'args[0]',
          });
        return fail(
          'UNAVAILABLE',
          'Cairn cannot transcribe recordings: no speech-to-text model ships with it, and it sends no recording to an outside service. The recording is kept and can be played; add its text with inbox.update.',
          { field: 'args[0]' },
        );
      },
    }),
  ];
}
