import pdfWorkerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

type Pdfjs = typeof import('pdfjs-dist');
let loaded: Promise<Pdfjs> | null = null;

/**
 * pdf.js, loaded when the first PDF is opened (it stays out of the app's first load), with its
 * parsing worker from our own bundle (precached: PDFs open offline).
 */
export function loadPdfjs(): Promise<Pdfjs> {
  loaded ??= import('pdfjs-dist').then((m) => {
    m.GlobalWorkerOptions.workerSrc = pdfWorkerUrl;
    return m;
  });
  return loaded;
}
