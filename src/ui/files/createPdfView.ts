import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { createEffect, createResource, createSignal, onCleanup } from 'solid-js';
import { loadPdfjs } from './loadPdfjs';

const ZOOM_STEP = 1.25;
const MIN_ZOOM = 0.5;
const MAX_ZOOM = 4;

/** pdf.js's reasons for a PDF that cannot open, in words for the page. */
function openError(err: unknown): string {
  const name = (err as { name?: string } | null)?.name;
  if (name === 'InvalidPDFException') return 'This PDF is damaged or is not a PDF.';
  if (name === 'PasswordException') return 'This PDF is protected by a password.';
  return `This PDF could not be opened: ${err instanceof Error ? err.message : String(err)}`;
}

/**
 * One PDF shown page by page: the document opens once (parsed in pdf.js's worker), the current
 * page renders into the given canvas at the width of its container times the zoom (1 = fit to
 * width), sharp on high-density screens. A render in progress is cancelled when the page, the
 * zoom or the width changes.
 */
export function createPdfView(blob: () => Blob | null | undefined) {
  const [page, setPage] = createSignal(1);
  const [zoom, setZoom] = createSignal(1);
  const [width, setWidth] = createSignal(0);
  const [error, setError] = createSignal<string | null>(null);
  const [rendered, setRendered] = createSignal(0);
  const [doc] = createResource(blob, async (b): Promise<PDFDocumentProxy | null> => {
    try {
      const pdfjs = await loadPdfjs();
      return await pdfjs.getDocument({ data: new Uint8Array(await b.arrayBuffer()), isEvalSupported: false })
        .promise;
    } catch (err) {
      setError(openError(err));
      return null;
    }
  });
  onCleanup(() => void doc()?.destroy());

  let canvas: HTMLCanvasElement | undefined;
  let task: RenderTask | null = null;
  createEffect(() => {
    const d = doc();
    const n = page();
    const w = width();
    const z = zoom();
    if (!d || !canvas || w <= 0) return;
    void render(d, n, w * z, canvas);
  });

  async function render(d: PDFDocumentProxy, n: number, cssWidth: number, target: HTMLCanvasElement) {
    task?.cancel();
    const p = await d.getPage(n);
    const base = p.getViewport({ scale: 1 });
    const ratio = window.devicePixelRatio || 1;
    const viewport = p.getViewport({ scale: (cssWidth / base.width) * ratio });
    // Drawn into a scratch canvas and copied, so a cancelled render never leaves a blank page.
    const scratch = document.createElement('canvas');
    scratch.width = Math.floor(viewport.width);
    scratch.height = Math.floor(viewport.height);
    const current = p.render({ canvas: scratch, viewport });
    task = current;
    try {
      await current.promise;
    } catch (err) {
      if ((err as { name?: string }).name === 'RenderingCancelledException') return;
      setError(`Page ${n} could not be drawn: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    target.width = scratch.width;
    target.height = scratch.height;
    target.style.width = `${Math.floor(viewport.width / ratio)}px`;
    target.getContext('2d')?.drawImage(scratch, 0, 0);
    setRendered(n);
  }

  const pageCount = () => doc()?.numPages ?? 0;
  return {
    doc,
    error,
    page,
    pageCount,
    /** the page number last drawn (0 before the first) */
    rendered,
    zoom,
    setCanvas: (el: HTMLCanvasElement) => {
      canvas = el;
    },
    setWidth,
    next: () => setPage((n) => Math.min(pageCount(), n + 1)),
    previous: () => setPage((n) => Math.max(1, n - 1)),
    zoomIn: () => setZoom((z) => Math.min(MAX_ZOOM, z * ZOOM_STEP)),
    zoomOut: () => setZoom((z) => Math.max(MIN_ZOOM, z / ZOOM_STEP)),
    fitWidth: () => setZoom(1),
  };
}
