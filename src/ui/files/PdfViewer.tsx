import { onCleanup, onMount, Show } from 'solid-js';
import { createPdfView } from './createPdfView';

interface Props {
  blob: Blob;
  title: string;
}

/**
 * A PDF page by page on pdf.js (replaces the browser's built-in viewer, which phones lack):
 * previous/next page, the page number, zoom out/in and fit to width (the default).
 */
export function PdfViewer(props: Props) {
  const view = createPdfView(() => props.blob);
  let frame: HTMLDivElement | undefined;
  onMount(() => {
    if (!frame) return;
    const el = frame;
    const observer = new ResizeObserver(() => view.setWidth(el.clientWidth));
    observer.observe(el);
    view.setWidth(el.clientWidth);
    onCleanup(() => observer.disconnect());
  });
  return (
    <section class="pdf-viewer" aria-label={`PDF ${props.title}`}>
      <Show when={view.error()}>
        {(message) => (
          <p class="error" role="alert">
            {message()}
          </p>
        )}
      </Show>
      <div class="pdf-toolbar" role="toolbar" aria-label="Pages">
        <button type="button" onClick={view.previous} disabled={view.page() <= 1}>
          Previous page
        </button>
        <span class="pdf-page-number" aria-live="polite">
          {view.pageCount() > 0 ? `Page ${view.page()} of ${view.pageCount()}` : 'Opening…'}
        </span>
        <button type="button" onClick={view.next} disabled={view.page() >= view.pageCount()}>
          Next page
        </button>
        <button type="button" onClick={view.zoomOut} aria-label="Zoom out">
          −
        </button>
        <button type="button" onClick={view.fitWidth} aria-pressed={view.zoom() === 1}>
          Fit width
        </button>
        <button type="button" onClick={view.zoomIn} aria-label="Zoom in">
          +
        </button>
      </div>
      <div class="pdf-frame" ref={frame}>
        <canvas
          ref={view.setCanvas}
          role="img"
          aria-label={`Page ${view.page()} of ${props.title}`}
          data-rendered-page={view.rendered()}
        />
      </div>
    </section>
  );
}
