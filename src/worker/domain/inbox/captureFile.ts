import type { InboxType } from './inboxItem';

/** The binary capture kinds and what each accepts. */
export type FileCaptureType = Extract<InboxType, 'image' | 'voice' | 'pdf'>;

/** A recording, photo or PDF is kept whole in the vault: the attachments' cap. */
export const MAX_CAPTURE_BYTES = 50 * 1024 * 1024;

const ACCEPTS: Record<FileCaptureType, (mime: string) => boolean> = {
  image: (m) => /^image\/(png|jpeg|gif|webp|avif|bmp|svg\+xml)$/.test(m),
  voice: (m) => /^audio\//.test(m) || m === 'video/webm',
  pdf: (m) => m === 'application/pdf',
};

/** Leading bytes of the formats whose signature is fixed; a lying MIME type is refused. */
const MAGIC: Record<string, number[][]> = {
  'application/pdf': [[0x25, 0x50, 0x44, 0x46, 0x2d]],
  'image/png': [[0x89, 0x50, 0x4e, 0x47]],
  'image/jpeg': [[0xff, 0xd8, 0xff]],
  'image/gif': [[0x47, 0x49, 0x46, 0x38]],
};

export type FileCheck =
  | { ok: true; mimeType: string }
  | { ok: false; field: string; message: string; expected?: string };

/**
 * Whether bytes of a declared MIME type may be captured as `type`: the type must fit (an image
 * is image/*, a voice recording audio/* or a webm recording, a PDF application/pdf), the size
 * must be 1 byte..50 MB, and formats with a fixed signature must start with it. Pure.
 */
export function checkCaptureFile(type: FileCaptureType, mimeType: string, bytes: Uint8Array): FileCheck {
  const mime = mimeType.toLowerCase().split(';')[0]!.trim();
  if (!ACCEPTS[type](mime))
    return {
      ok: false,
      field: 'mimeType',
      message: `${mime || 'no type'} is not a ${type} capture`,
      expected: expectedOf(type),
    };
  if (bytes.length === 0) return { ok: false, field: 'data', message: 'the file is empty' };
  if (bytes.length > MAX_CAPTURE_BYTES)
    return {
      ok: false,
      field: 'data',
      message: `a capture holds at most ${MAX_CAPTURE_BYTES / 1024 / 1024} MB`,
    };
  const magic = MAGIC[mime];
  if (magic && !magic.some((sig) => sig.every((b, i) => bytes[i] === b)))
    return { ok: false, field: 'data', message: `the bytes are not a ${mime} file` };
  return { ok: true, mimeType: mime };
}

function expectedOf(type: FileCaptureType): string {
  return type === 'image'
    ? 'image/png, jpeg, gif, webp, avif, bmp or svg+xml'
    : type === 'voice'
      ? 'audio/*'
      : 'application/pdf';
}

/** The name a capture's file is kept under when none was given. */
export function defaultFileName(type: FileCaptureType, mime: string, capturedAt: string): string {
  const ext =
    mime === 'application/pdf'
      ? 'pdf'
      : (mime.split('/')[1] ?? 'bin').replace('svg+xml', 'svg').replace('mpeg', 'mp3');
  const stamp = capturedAt.slice(0, 19).replace(/[:T]/g, '-');
  return `${type === 'voice' ? 'Recording' : type === 'image' ? 'Image' : 'Document'} ${stamp}.${ext}`;
}
