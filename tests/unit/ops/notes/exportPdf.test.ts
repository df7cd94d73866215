import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PDFDocument } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FontFace, PdfFontSource } from '../../../../src/worker/domain/export/pdf/pdfFonts';
import { createLinkReads } from '../../../../src/worker/links/linkReads';
import { exportPdfOperations } from '../../../../src/worker/ops/notes/exportPdfOperation';
import { png } from '../../tools/fixtures/testFiles';
import { openNotesVault } from '../fixtures/notesVault';

const approveAll = { caller: { kind: 'ui' as const }, approve: async () => 'once' as const };
const FILES: Record<FontFace, string> = {
  regular: 'Regular',
  bold: 'Bold',
  italic: 'Italic',
  boldItalic: 'BoldItalic',
};
const require = createRequire(import.meta.url);
/** The files the browser build fetches (pdf.js's standard fonts), read from node_modules. */
const liberation: PdfFontSource = async (face) =>
  new Uint8Array(
    readFileSync(require.resolve(`pdfjs-dist/standard_fonts/LiberationSans-${FILES[face]}.ttf`)),
  );
const pngBlob = (bytes: Uint8Array) => new Blob([new Uint8Array(bytes)], { type: 'image/png' });
const standardFontDataUrl = `${require.resolve('pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf').replace(/[^/]+$/, '')}`;

async function openVault(fonts: PdfFontSource | null = liberation) {
  const v = await openNotesVault({
    extra: ({ store, bodies, services }) => {
      const links = createLinkReads(services.db, bodies.links);
      return exportPdfOperations({
        get: store.get,
        getBlob: store.getBlob,
        resolve: links.resolveWikiTarget,
        now: services.now,
        ...(fonts ? { fonts } : {}),
      });
    },
  });
  const create = async (title: string, content: string) => {
    const r = await v.registry.write('notes.create', [{ title, content }], approveAll);
    if (!r.ok) throw new Error(r.error.message);
    return (r.value as { id: string }).id;
  };
  return { ...v, create };
}

interface Pdf {
  pdf: string;
  title: string;
  bytes: number;
  pages: number;
  replacedCharacters: number;
  unicodeFont: boolean;
}

/** Each page's text as pdf.js reads it (items joined, one line per text line). */
async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: bytes.slice(), useSystemFonts: false, standardFontDataUrl }).promise;
  const out: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    let text = '';
    for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
    out.push(text);
  }
  await doc.destroy();
  return out;
}

async function exportPdf(
  v: Awaited<ReturnType<typeof openVault>>,
  args: unknown[],
): Promise<Pdf & { data: Uint8Array }> {
  const res = await v.registry.write('notes.exportPdf', args, approveAll);
  if (!res.ok) throw new Error(`${res.error.code}: ${res.error.message}`);
  const value = res.value as Pdf;
  return { ...value, data: new Uint8Array(Buffer.from(value.pdf, 'base64')) };
}

describe('notes.exportPdf', () => {
  let v: Awaited<ReturnType<typeof openVault>>;
  beforeEach(async () => {
    v = await openVault();
  });
  afterEach(() => v.db.delete());

  it('draws the title, headings, paragraphs, lists, quotes, code, tables and images, with metadata', async () => {
    await v.store.insertMany([
      { kind: 'image', title: 'wide.png', folderPath: '', mime: 'image/png', blob: pngBlob(png(800, 200)) },
    ]);
    const body = [
      '---',
      'tags: [travel, plans]',
      '---',
      '# Packing list',
      '',
      'Bring **boots**, *a map* and `rope` to [the hut](https://example.org/hut).',
      '',
      '- [x] tickets booked',
      '- [ ] ask Ann',
      '',
      '1. first',
      '2. second',
      '',
      '> Mind the weather.',
      '',
      '```',
      'const trail = "north";',
      '```',
      '',
      '| Day | Stage |',
      '| --- | --- |',
      '| 1 | Valley |',
      '',
      '![[wide.png]]',
      '',
      '## Afterwards',
      '',
      'Rest.',
    ].join('\n');
    const id = await v.create('Trip', body);
    const out = await exportPdf(v, [id]);
    expect(out.title).toBe('Trip');
    expect(out.bytes).toBe(out.data.byteLength);
    expect(new TextDecoder().decode(out.data.slice(0, 5))).toBe('%PDF-');
    expect(out.replacedCharacters).toBe(0);
    expect(out.unicodeFont).toBe(true);

    const doc = await PDFDocument.load(out.data);
    expect(doc.getPageCount()).toBe(out.pages);
    expect(out.pages).toBe(1);
    expect(doc.getTitle()).toBe('Trip');
    expect(doc.getKeywords()).toBe('travel plans');
    expect(doc.getCreator()).toBe('Cairn');
    // A4 by default
    expect(doc.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });

    const [text = ''] = await pageTexts(out.data);
    for (const expected of [
      'Trip',
      'Packing list',
      'Bring boots, a map and rope to the hut.',
      'tickets booked',
      'ask Ann',
      'first',
      'Mind the weather.',
      'const trail = "north";',
      'Valley',
      'Afterwards',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('travel, plans');
    // the order of the blocks is kept
    expect(text.indexOf('Packing list')).toBeLessThan(text.indexOf('Afterwards'));
    // the image was embedded (an XObject), the link is a Link annotation
    expect(Buffer.from(out.data).includes('/Subtype /Image')).toBe(true);
    const annots = doc.getPage(0).node.Annots();
    expect(annots?.size()).toBe(1);
  }, 60_000);

  it('breaks long notes into pages, on Letter paper when asked', async () => {
    const paragraphs = Array.from(
      { length: 120 },
      (_, i) => `Paragraph ${i + 1} ${'words and more words '.repeat(12)}`,
    );
    const id = await v.create('Long', paragraphs.join('\n\n'));
    const out = await exportPdf(v, [id, { pageSize: 'Letter' }]);
    expect(out.pages).toBeGreaterThan(5);
    const doc = await PDFDocument.load(out.data);
    expect(doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    const texts = await pageTexts(out.data);
    expect(texts).toHaveLength(out.pages);
    expect(texts[0]).toContain('Paragraph 1 ');
    expect(texts[out.pages - 1]).toContain('Paragraph 120 ');
    // every paragraph is somewhere, wrapped inside the page width
    const all = texts.join('\n');
    for (let i = 1; i <= 120; i++) expect(all).toContain(`Paragraph ${i} `);
  }, 60_000);

  it('draws accented, Greek and Cyrillic text with the Unicode font, and replaces what no font has', async () => {
    const id = await v.create('Ünïcode', 'Łódź, Αθήνα, Москва; 東京 and 🙂.');
    const out = await exportPdf(v, [id]);
    const [text = ''] = await pageTexts(out.data);
    expect(text).toContain('Łódź');
    expect(text).toContain('Москва');
    expect(text).toContain('Αθήνα');
    expect(text).toContain('Ünïcode');
    // two CJK characters and one emoji: each drawn as a visible □ and counted
    expect(out.replacedCharacters).toBe(3);
    expect(text).toContain('□□ and □.');
  });

  it('without the Unicode font, falls back to the standard fonts and replaces non-WinAnsi characters', async () => {
    await v.db.delete();
    v = await openVault(null);
    const id = await v.create('Plain', 'Café Łódź 東京');
    const out = await exportPdf(v, [id]);
    expect(out.unicodeFont).toBe(false);
    // é is WinAnsi; Ł, ó is WinAnsi, ź is not; the two CJK characters are not
    const [text = ''] = await pageTexts(out.data);
    expect(text).toContain('Café');
    expect(out.replacedCharacters).toBe(4);
    expect(text).toContain('?ód?');
  });

  it('refuses a missing note, a filed file and bad options, changing nothing', async () => {
    await v.store.insertMany([
      { kind: 'image', title: 'dot.png', folderPath: '', mime: 'image/png', blob: pngBlob(png(2, 2)) },
    ]);
    const notes = await v.db.notes.toArray();
    for (const [args, code] of [
      [['nope'], 'NOT_FOUND'],
      [['id1'], 'NOT_FOUND'],
      [[''], 'VALIDATION'],
      [['id1', { pageSize: 'A3' }], 'VALIDATION'],
      [['id1', { images: 'inline' }], 'VALIDATION'],
      [['id1', { extra: true }], 'VALIDATION'],
      [[], 'VALIDATION'],
    ] as const) {
      const res = await v.registry.write('notes.exportPdf', [...args], approveAll);
      expect(res.ok ? 'ok' : res.error.code, JSON.stringify(args)).toBe(code);
    }
    expect(await v.db.notes.toArray()).toEqual(notes);
  });

  it('exports a 1 MB note', async () => {
    const para = `${'A line of a long note with some **bold** words and a [[link]]. '.repeat(20)}\n\n`;
    const markdown = `# Big\n\n${para.repeat(Math.ceil((1024 * 1024) / para.length))}`;
    expect(markdown.length).toBeGreaterThan(1024 * 1024);
    const id = await v.create('Big', markdown);
    const out = await exportPdf(v, [id]);
    expect(out.pages).toBeGreaterThan(100);
    const doc = await PDFDocument.load(out.data);
    expect(doc.getPageCount()).toBe(out.pages);
  }, 120_000);
});
