import type { NotesStore } from '../../stores/notesStore';
import type { ExportTarget } from './exportTargets';

/** An image larger than this is not embedded (its alt text stands instead). */
export const EXPORT_IMAGE_MAX_BYTES = 1024 * 1024;
/** Images embedded in one export, in all: the reply stays one reasonable JSON message. */
export const EXPORT_IMAGES_MAX_TOTAL_BYTES = 5 * 1024 * 1024;

export interface ExportImage {
  bytes: Uint8Array;
  mime: string;
}

/**
 * The filed images an export embeds, by target as written: the HTML and PDF exports share the
 * limits (1 MB each, 5 MB in all, first come first served); `accept` narrows the types (the PDF
 * takes PNG and JPEG only).
 */
export async function loadExportImages(
  targets: ReadonlyMap<string, ExportTarget>,
  getBlob: NotesStore['getBlob'],
  accept: (mime: string) => boolean = () => true,
): Promise<Map<string, ExportImage>> {
  const out = new Map<string, ExportImage>();
  let embedded = 0;
  for (const [written, t] of targets) {
    if (t.fileType !== 'image' || t.id === null) continue;
    const blob = await getBlob(t.id);
    if (!blob || blob.size > EXPORT_IMAGE_MAX_BYTES) continue;
    const mime = blob.type || t.mime;
    if (!accept(mime) || embedded + blob.size > EXPORT_IMAGES_MAX_TOTAL_BYTES) continue;
    embedded += blob.size;
    out.set(written, { bytes: new Uint8Array(await blob.arrayBuffer()), mime });
  }
  return out;
}
