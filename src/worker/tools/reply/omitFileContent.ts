/**
 * Spec 4.3: a note in a `vault_desktop_read` reply that is a filed pdf/image/audio/video file comes
 * back as metadata, with `contentOmitted: true` and `contentAccess` naming how to read it. The
 * reply is copied, never changed in place (the UI may hold the same objects).
 */
const FILED = new Set(['pdf', 'image', 'audio', 'video']);
/** members that carry a filed file's bytes or body rather than its metadata */
const CONTENT_KEYS = new Set([
  'content',
  'content_markdown',
  'contentBase64',
  'data',
  'bytes',
  'blob',
  'body',
]);

function isBinary(value: unknown): boolean {
  return (
    value instanceof ArrayBuffer ||
    ArrayBuffer.isView(value) ||
    (typeof Blob !== 'undefined' && value instanceof Blob)
  );
}

export function contentAccessFor(fileType: string, id: unknown): string {
  const ref = JSON.stringify({ id });
  if (fileType === 'pdf') {
    return `vault_read_note ${ref} for the extracted text (next_page to continue); vault_view_file {"id":${JSON.stringify(id)},"page":1} for a page image`;
  }
  if (fileType === 'image')
    return `vault_view_file ${ref} for the image; vault_read_note ${ref} for its extracted text`;
  return `${fileType} content is not readable through the agent tools; only its metadata is`;
}

function fileTypeOf(obj: Record<string, unknown>): string | null {
  const t = obj.fileType ?? obj.file_type;
  return typeof t === 'string' && FILED.has(t) ? t : null;
}

function strip(value: unknown, depth: number): unknown {
  if (isBinary(value)) return { contentOmitted: true };
  if (depth > 12 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => strip(v, depth + 1));
  const obj = value as Record<string, unknown>;
  const fileType = fileTypeOf(obj);
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(obj)) {
    if (fileType !== null && (CONTENT_KEYS.has(key) || isBinary(member))) {
      continue;
    }
    out[key] = strip(member, depth + 1);
  }
  if (fileType !== null) {
    out.contentOmitted = true;
    out.contentAccess = contentAccessFor(fileType, obj.id);
  }
  return out;
}

export function omitFileContent(reply: unknown): unknown {
  return strip(reply, 0);
}
