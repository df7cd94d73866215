import { expect, type Page, test } from '@playwright/test';
import { png, tinyPdf } from '../unit/tools/fixtures/testFiles';
import {
  callAllowed,
  callTool,
  idsByName,
  importFiles,
  openControlled,
  type ToolCallResult,
} from './mcpPage';

// vault_view_file through the REAL /mcp: the picture is rendered in the render worker (pdf.js for
// PDF pages), and decoded again here in the page to check its size and that it shows something.

test.describe.configure({ timeout: 120_000 });

interface Decoded {
  width: number;
  height: number;
  /** share of pixels that are clearly dark: > 0 means text or drawing is on the page */
  dark: number;
}

async function decode(page: Page, result: ToolCallResult): Promise<Decoded> {
  const image = result.content.find((c) => c.type === 'image');
  expect(image?.mimeType).toMatch(/^image\/(png|jpeg)$/);
  return page.evaluate(
    async ({ data, mimeType }) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: mimeType }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d');
      if (ctx === null) throw new Error('no 2d context');
      ctx.drawImage(bitmap, 0, 0);
      const pixels = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
      let dark = 0;
      for (let i = 0; i < pixels.length; i += 4) if ((pixels[i] ?? 255) < 100) dark++;
      return { width: bitmap.width, height: bitmap.height, dark: dark / (pixels.length / 4) };
    },
    { data: image?.data ?? '', mimeType: image?.mimeType ?? '' },
  );
}

test('a PDF page, a small PNG and a large photo come back as image parts within 1568 px', async ({
  page,
}) => {
  await openControlled(page);
  await importFiles(page, [
    {
      name: 'report.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(tinyPdf(['First page', 'Second page'])),
    },
    { name: 'chart.png', mimeType: 'image/png', buffer: Buffer.from(png(320, 200)) },
    { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from(png(1800, 1200, true)) },
    { name: 'broken.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 this is not a pdf') },
  ]);
  const ids = await idsByName(page);

  const pdf = await callTool(page, 'vault_view_file', { id: ids['report.pdf'] ?? '', page: 2 });
  expect(pdf.isError, JSON.stringify(pdf.structuredContent)).toBeUndefined();
  expect(pdf.content.map((c) => c.type)).toEqual(['text', 'image']);
  const json = JSON.parse(pdf.content[0]?.text ?? 'null');
  expect(json).toEqual(pdf.structuredContent);
  expect(json).toMatchObject({
    id: ids['report.pdf'],
    title: 'report.pdf',
    attachment: null,
    file: 'report.pdf',
    file_type: 'pdf',
    mime_type: 'image/png',
    width: 1211,
    height: 1568,
    page: 2,
    page_count: 2,
    href: `svc://note/${ids['report.pdf']}`,
    source_ref: { kind: 'note', id: ids['report.pdf'], title: 'report.pdf' },
  });
  expect(json.sources).toHaveLength(1);
  expect(json.source_width).toBeUndefined();
  const drawn = await decode(page, pdf);
  expect({ width: drawn.width, height: drawn.height }).toEqual({ width: 1211, height: 1568 });
  // The page's line of Helvetica text is drawn (the font came from our own origin or the system).
  expect(drawn.dark).toBeGreaterThan(0.001);

  const small = await callTool(page, 'vault_view_file', { id: ids['chart.png'] ?? '' });
  expect(small.structuredContent).toMatchObject({
    file_type: 'image',
    mime_type: 'image/png',
    width: 320,
    height: 200,
    source_width: 320,
    source_height: 200,
  });
  expect(await decode(page, small)).toMatchObject({ width: 320, height: 200 });

  const photo = await callTool(page, 'vault_view_file', { id: ids['photo.png'] ?? '' });
  expect(photo.structuredContent).toMatchObject({
    mime_type: 'image/jpeg',
    width: 1568,
    height: 1045,
    source_width: 1800,
    source_height: 1200,
  });
  expect(photo.content[1]?.mimeType).toBe('image/jpeg');
  expect(await decode(page, photo)).toMatchObject({ width: 1568, height: 1045 });

  // Bad input: each with the spec's code and the argument at fault.
  const cases: [object, string, string][] = [
    [{ id: ids['report.pdf'] ?? '', page: 3 }, 'VALIDATION', 'page'],
    [{ id: ids['chart.png'] ?? '', page: 2 }, 'VALIDATION', 'page'],
    [{ id: 'no-such-file' }, 'NOT_FOUND', 'id'],
    [{ id: ids['broken.pdf'] ?? '' }, 'UNREADABLE', 'id'],
  ];
  for (const [args, code, field] of cases) {
    const r = await callTool(page, 'vault_view_file', args);
    expect(r.isError, JSON.stringify(args)).toBe(true);
    expect(r.structuredContent).toMatchObject({ code, field });
    expect(r.content.map((c) => c.type)).toEqual(['text']);
  }
  expect(
    (await callTool(page, 'vault_view_file', { id: ids['report.pdf'] ?? '', page: 3 })).structuredContent,
  ).toMatchObject({ expected: 'integer <= 2' });
});

test('a file embedded in a note is viewed by note id and attachment name or path; a note or audio alone is refused', async ({
  page,
}) => {
  await openControlled(page);
  await importFiles(page, [
    { name: 'memo.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from([0xff, 0xfb, 0x90]) },
    { name: 'Plan.md', mimeType: 'text/markdown', buffer: Buffer.from('# Plan\n![[minutes.pdf]]\n') },
    { name: 'minutes.pdf', mimeType: 'application/pdf', buffer: Buffer.from(tinyPdf(['Minutes'])) },
  ]);
  const ids = await idsByName(page);
  for (const name of ['memo.mp3', 'Plan.md']) {
    expect(ids[name], name).toEqual(expect.any(String));
    const r = await callTool(page, 'vault_view_file', { id: ids[name] ?? '' });
    expect(r.isError, name).toBe(true);
    expect(r.structuredContent, name).toMatchObject({ code: 'VALIDATION', field: 'id' });
  }

  // Attach an image to the note through the desktop API (the write approved in the real dialog).
  const plan = ids['Plan.md'] ?? '';
  const upload = await callAllowed(page, 'vault_desktop_write', {
    operation: 'notes.uploadAttachment',
    args: [plan, 'shot.png', Buffer.from(png(100, 50)).toString('base64'), 'image/png'],
  });
  expect(upload.isError, JSON.stringify(upload.structuredContent)).toBeUndefined();
  const shot = await callTool(page, 'vault_view_file', { id: plan, attachment: 'Shot.PNG' });
  expect(shot.isError, JSON.stringify(shot.structuredContent)).toBeUndefined();
  expect(shot.structuredContent).toMatchObject({
    id: plan,
    title: 'shot.png',
    attachment: 'shot.png',
    file: `attachments/${plan}/shot.png`,
    file_type: 'image',
    width: 100,
    height: 50,
    source_ref: { kind: 'note', id: plan, title: 'Plan' },
  });
  expect(await decode(page, shot)).toMatchObject({ width: 100, height: 50 });
  const missing = await callTool(page, 'vault_view_file', { id: plan, attachment: 'other.png' });
  expect(missing.structuredContent).toMatchObject({ code: 'NOT_FOUND', field: 'attachment' });

  // The same attachment by its path, as attachment_text names it.
  const byPath = await callTool(page, 'vault_view_file', {
    id: plan,
    attachment: `attachments/${plan}/shot.png`,
  });
  expect(byPath.structuredContent).toMatchObject({ title: 'shot.png', file: `attachments/${plan}/shot.png` });

  // Another filed file the note embeds, addressed by its attachment_text[].file.
  const read = await callTool(page, 'vault_read_note', { id: plan });
  const embeds = (read.structuredContent.attachment_text ?? []) as { file: string }[];
  expect(embeds.map((e) => e.file)).toContain('minutes.pdf');
  const minutes = await callTool(page, 'vault_view_file', { id: plan, attachment: 'minutes.pdf', page: 1 });
  expect(minutes.isError, JSON.stringify(minutes.structuredContent)).toBeUndefined();
  expect(minutes.structuredContent).toMatchObject({
    id: plan,
    title: 'minutes.pdf',
    file: 'minutes.pdf',
    file_type: 'pdf',
    page: 1,
    page_count: 1,
    sources: [{ id: plan }, { id: ids['minutes.pdf'] }],
  });
  expect((await decode(page, minutes)).dark).toBeGreaterThan(0.001);
  // A file that is neither an image nor a PDF is refused before any lookup.
  const loose = await callTool(page, 'vault_view_file', { id: plan, attachment: 'memo.mp3' });
  expect(loose.structuredContent).toMatchObject({ code: 'VALIDATION', field: 'attachment' });
});
