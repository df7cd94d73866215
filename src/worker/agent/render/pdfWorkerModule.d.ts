// pdf.js's worker half ships without type declarations; the render worker only hands its
// WorkerMessageHandler to pdf.js's in-thread ("fake") worker set-up, which reads it from
// globalThis.pdfjsWorker.
declare module 'pdfjs-dist/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
