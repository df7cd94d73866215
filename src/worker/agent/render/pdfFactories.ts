/// <reference lib="webworker" />
// The two DOM-bound factories of pdf.js replaced for a worker: canvases are OffscreenCanvases,
// and the SVG filters pdf.js would add to a document (high-contrast and transfer-function maps,
// rare in practice) are skipped, which pdf.js treats as "no filter".
interface CanvasEntry {
  canvas: OffscreenCanvas | null;
  context: OffscreenCanvasRenderingContext2D | null;
}

export class OffscreenCanvasFactory {
  create(width: number, height: number): CanvasEntry {
    if (width <= 0 || height <= 0) throw new Error('Invalid canvas size');
    const canvas = new OffscreenCanvas(width, height);
    return { canvas, context: canvas.getContext('2d', { willReadFrequently: true }) };
  }

  reset(entry: CanvasEntry, width: number, height: number): void {
    if (entry.canvas === null) throw new Error('Canvas is not specified');
    entry.canvas.width = width;
    entry.canvas.height = height;
  }

  destroy(entry: CanvasEntry): void {
    if (entry.canvas !== null) entry.canvas.width = entry.canvas.height = 0;
    entry.canvas = null;
    entry.context = null;
  }
}

export class NoFilterFactory {
  addFilter(): string {
    return 'none';
  }
  addHCMFilter(): string {
    return 'none';
  }
  addAlphaFilter(): string {
    return 'none';
  }
  addLuminosityFilter(): string {
    return 'none';
  }
  addHighlightHCMFilter(): string {
    return 'none';
  }
  destroy(): void {}
}
