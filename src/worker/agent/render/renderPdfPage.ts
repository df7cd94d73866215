/// <reference lib="webworker" />
import { getDocument } from 'pdfjs-dist';
import type { RenderOutcome } from '../../tools/view/fileRenderer';
import { pdfScale } from '../../tools/view/fitLongEdge';
import { encodeCanvas } from './encodeCanvas';
import { BundledPdfData } from './pdfAssets';
import { NoFilterFactory, OffscreenCanvasFactory } from './pdfFactories';

let workerHalf: Promise<void> | null = null;

/**
 * pdf.js parses in its "worker" half; here that half runs in this same (render) worker thread:
 * pdf.js uses a handler found on globalThis.pdfjsWorker instead of spawning another worker.
 */
function loadWorkerHalf(): Promise<void> {
  workerHalf ??= import('pdfjs-dist/build/pdf.worker.mjs').then((module) => {
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = module;
  });
  return workerHalf;
}

/**
 * The worker's FontFaceSet stands in for `document.fonts`: embedded fonts load as FontFaces into
 * it, and OffscreenCanvas text in this worker draws with them. It is the only member of
 * `ownerDocument` pdf.js touches once the canvas and filter factories are replaced.
 */
function fontDocument(): { fonts: FontFaceSet } | undefined {
  const fonts = (globalThis as { fonts?: FontFaceSet }).fonts;
  return fonts === undefined ? undefined : { fonts };
}

/** Renders page `page` (1-based) of a PDF, its long edge at `maxEdge` px. */
export async function renderPdfPage(blob: Blob, page: number, maxEdge: number): Promise<RenderOutcome> {
  await loadWorkerHalf();
  const fontDoc = fontDocument();
  const task = getDocument({
    data: new Uint8Array(await blob.arrayBuffer()),
    CanvasFactory: OffscreenCanvasFactory,
    FilterFactory: NoFilterFactory,
    BinaryDataFactory: BundledPdfData,
    useWorkerFetch: false,
    isEvalSupported: false,
    // Without a FontFaceSet, glyphs are drawn as paths instead (slower, still correct).
    disableFontFace: fontDoc === undefined,
    // pdf.js types this as a DOM document; it reads only `fonts` from it (see fontDocument).
    ...(fontDoc === undefined ? {} : { ownerDocument: fontDoc as unknown as Document }),
    stopAtErrors: false,
  });
  try {
    let pdf: Awaited<typeof task.promise>;
    try {
      pdf = await task.promise;
    } catch (cause) {
      const name = cause instanceof Error ? cause.name : '';
      const detail = name === 'PasswordException' ? 'it is password-protected' : 'it is not a readable PDF';
      return { ok: false, reason: 'unreadable', message: `The PDF could not be opened: ${detail}` };
    }
    if (page > pdf.numPages) return { ok: false, reason: 'page', pageCount: pdf.numPages };
    const pdfPage = await pdf.getPage(page);
    const points = pdfPage.getViewport({ scale: 1 });
    const viewport = pdfPage.getViewport({ scale: pdfScale(points, maxEdge) });
    const width = Math.min(maxEdge, Math.max(1, Math.floor(viewport.width)));
    const height = Math.min(maxEdge, Math.max(1, Math.floor(viewport.height)));
    const canvas = new OffscreenCanvas(width, height);
    // pdf.js types `canvas` as an HTML canvas; an OffscreenCanvas has every member it uses.
    await pdfPage.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport, background: '#ffffff' })
      .promise;
    pdfPage.cleanup();
    const encoded = await encodeCanvas(canvas);
    return {
      ok: true,
      picture: {
        ...encoded,
        width,
        height,
        sourceWidth: Math.round(points.width),
        sourceHeight: Math.round(points.height),
        pageCount: pdf.numPages,
      },
    };
  } finally {
    await task.destroy();
  }
}
