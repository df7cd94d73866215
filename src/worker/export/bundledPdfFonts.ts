import type { FontFace, PdfFontSource } from '../domain/export/pdf/pdfFonts';

// Liberation Sans (SIL OFL) from pdf.js's standard fonts: the build already emits these files for
// the PDF viewer (agent/render/pdfAssets.ts), so the PDF export adds no font to the bundle. They are
// fetched from our own origin on the first export, and precached by the service worker
// (vite.config.ts globPatterns), so the export embeds them offline too (docs/notes.md).
const urls = import.meta.glob('/node_modules/pdfjs-dist/standard_fonts/LiberationSans-*.ttf', {
  query: '?url',
  import: 'default',
  eager: true,
}) as Record<string, string>;

const FILE: Record<FontFace, string> = {
  regular: 'LiberationSans-Regular.ttf',
  bold: 'LiberationSans-Bold.ttf',
  italic: 'LiberationSans-Italic.ttf',
  boldItalic: 'LiberationSans-BoldItalic.ttf',
};

/** The four faces, each fetched once per worker; a failed fetch (offline, not cached) is null. */
export function createBundledPdfFonts(): PdfFontSource {
  const loaded = new Map<FontFace, Promise<Uint8Array | null>>();
  return (face) => {
    let bytes = loaded.get(face);
    if (!bytes) {
      const url = Object.entries(urls).find(([path]) => path.endsWith(`/${FILE[face]}`))?.[1];
      bytes = url
        ? fetch(url)
            .then(async (r) => (r.ok ? new Uint8Array(await r.arrayBuffer()) : null))
            .catch(() => null)
        : Promise.resolve(null);
      // a failure is not remembered: the next export tries again (the network may be back)
      void bytes.then((b) => {
        if (b === null) loaded.delete(face);
      });
      loaded.set(face, bytes);
    }
    return bytes;
  };
}
