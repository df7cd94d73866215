import type { RenderedMime } from './imageFormat';

/**
 * The port vault_view_file draws through. The implementation runs in a dedicated worker (pdf.js and
 * image decoding never run on the UI thread nor block the vault worker); its guarantees: the
 * picture's long edge is at most `maxEdge` px, it is PNG unless the PNG is large (then JPEG), and a
 * file it cannot decode is reported as a value, never thrown.
 */
export interface FileRenderer {
  render(request: RenderRequest): Promise<RenderOutcome>;
}

export interface RenderRequest {
  kind: 'image' | 'pdf';
  blob: Blob;
  /** 1-based; images have exactly one page */
  page: number;
  maxEdge: number;
}

export interface RenderedPicture {
  mimeType: RenderedMime;
  /** base64 of the encoded picture */
  data: string;
  width: number;
  height: number;
  /** the decoded image's size in px; for a PDF page its size in points (1/72 inch) */
  sourceWidth: number;
  sourceHeight: number;
  /** PDFs only */
  pageCount?: number;
}

export type RenderOutcome =
  | { ok: true; picture: RenderedPicture }
  /** the page asked for is past the last one */
  | { ok: false; reason: 'page'; pageCount: number }
  /** the bytes are not a readable image or PDF (corrupt, encrypted, a format the worker lacks) */
  | { ok: false; reason: 'unreadable'; message: string };
