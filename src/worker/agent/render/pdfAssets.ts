// pdf.js fetches three kinds of data on demand: standard font programs (PDFs that name Helvetica,
// Times... without embedding them), CMaps (CJK text) and its image-codec wasm (JPEG 2000, JBIG2).
// They come from our own origin as Vite assets (nothing from a CDN): each file is emitted at build
// time and fetched only when a PDF needs it. They are not precached (a few MB, rarely used), except
// the four Liberation Sans faces, which the PDF export needs offline (vite.config.ts).
type UrlMap = Record<string, string>;

const fonts = import.meta.glob('/node_modules/pdfjs-dist/standard_fonts/*.{pfb,ttf}', {
  query: '?url',
  import: 'default',
  eager: true,
}) as UrlMap;
const cmaps = import.meta.glob('/node_modules/pdfjs-dist/cmaps/*.bcmap', {
  query: '?url',
  import: 'default',
  eager: true,
}) as UrlMap;
const wasm = import.meta.glob('/node_modules/pdfjs-dist/wasm/*.wasm', {
  query: '?url',
  import: 'default',
  eager: true,
}) as UrlMap;

function byName(map: UrlMap): Map<string, string> {
  return new Map(Object.entries(map).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1), url]));
}

const KINDS = {
  standardFontDataUrl: byName(fonts),
  cMapUrl: byName(cmaps),
  wasmUrl: byName(wasm),
} as const;

type DataKind = keyof typeof KINDS;

/**
 * pdf.js's `BinaryDataFactory` option: `fetch({kind, filename})` resolves the bytes of one of the
 * files above. An unknown name is an error pdf.js reports as a warning and renders around.
 */
export class BundledPdfData {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const url = kind in KINDS ? KINDS[kind as DataKind].get(filename) : undefined;
    if (url === undefined) throw new Error(`pdf.js asked for ${kind} ${filename}, which is not bundled`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}
