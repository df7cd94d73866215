import type { RenderOutcome, RenderRequest } from '../../tools/view/fileRenderer';
import { renderImage } from './renderImage';
import { renderPdfPage } from './renderPdfPage';

/** The render worker's one entry: a filed image, or one page of a PDF. Never throws. */
export async function renderFile(request: RenderRequest): Promise<RenderOutcome> {
  try {
    if (request.kind === 'pdf') return await renderPdfPage(request.blob, request.page, request.maxEdge);
    return await renderImage(request.blob, request.maxEdge);
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    return { ok: false, reason: 'unreadable', message: `Rendering failed: ${message}` };
  }
}
