import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { UnreadableFile } from '../../../src/worker/extract/extractors';
import { pdfPageTexts } from '../../../src/worker/extract/pdfPageTexts';

// pdf.js's legacy build runs in Node 20 (the browser uses the modern build through the same function).
const fixture = (name: string) =>
  new Uint8Array(readFileSync(join(import.meta.dirname, '../../fixtures/extraction', name)));

describe('PDF page text (pdf.js)', () => {
  it('reads each page of the sample PDF in order, line by line', async () => {
    const { pages, ocrPages, unreadPages } = await pdfPageTexts(getDocument, fixture('sample.pdf'));
    expect(ocrPages).toEqual([]);
    expect(unreadPages).toEqual([]);
    expect(pages).toEqual([
      'Field report on coastal lighthouses\nThe keeper logs weather every morning.',
      'Second page: the zeppelin hangar\nAirships were stored here until 1937.',
      'Third page: a quiet harbour\nBoats return before the evening tide.',
    ]);
  });

  it('calls a damaged PDF unreadable, with a reason for the user', async () => {
    const read = pdfPageTexts(getDocument, fixture('corrupt.pdf'));
    await expect(read).rejects.toBeInstanceOf(UnreadableFile);
    await expect(read).rejects.toThrow('This PDF is damaged or is not a PDF.');
  });

  it('calls bytes that are not a PDF at all unreadable', async () => {
    await expect(pdfPageTexts(getDocument, fixture('sign.png'))).rejects.toBeInstanceOf(UnreadableFile);
  });

  it('leaves the caller’s bytes intact (pdf.js is given a copy)', async () => {
    const data = fixture('sample.pdf');
    await pdfPageTexts(getDocument, data);
    expect(data.byteLength).toBeGreaterThan(1000);
    expect(new TextDecoder().decode(data.slice(0, 8))).toBe('%PDF-1.4');
  });
});
