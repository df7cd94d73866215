import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExtractedText } from '../../../../src/worker/extract/fileTextReads';
import { ALL_TOOLS } from '../../../../src/worker/tools/allTools';
import { extractedChunk } from '../../../../src/worker/tools/notes/extractedTextPage';
import type { FileTextPort } from '../../../../src/worker/tools/notes/fileTextPort';
import { createToolHost } from '../../../../src/worker/tools/toolHost';
import { type NotesVault, openNotesVault } from '../../ops/fixtures/notesVault';

const agent = { kind: 'agent' as const, surface: 'mcp' as const };
const done = (pages: string[]): ExtractedText => ({
  id: 'x',
  status: 'done',
  reason: null,
  page_count: pages.length,
  pages,
});

describe('extractedChunk', () => {
  it('fills a chunk with whole pages and says where to continue', () => {
    const text = done(['a'.repeat(40), 'b'.repeat(40), 'c'.repeat(40)]);
    expect(extractedChunk(text, 1, 100)).toEqual({
      extracted_text: [
        { page: 1, text: 'a'.repeat(40) },
        { page: 2, text: 'b'.repeat(40) },
      ],
      pages_read: 2,
      next_page: 3,
    });
    expect(extractedChunk(text, 3, 100)).toEqual({
      extracted_text: [{ page: 3, text: 'c'.repeat(40) }],
      pages_read: 1,
    });
  });

  it('cuts a page larger than a chunk rather than returning nothing', () => {
    const chunk = extractedChunk(done(['x'.repeat(300), 'y']), 1, 100);
    expect(chunk.extracted_text).toEqual([{ page: 1, text: 'x'.repeat(100), truncated: true }]);
    expect(chunk.next_page).toBe(2);
  });
});

describe('vault_read_note on filed files and attachment_text', () => {
  let v: NotesVault;
  let ids: { pdf: string; note: string };
  let state: ExtractedText;
  const texts: FileTextPort = {
    extractedText: async (id) => (id === ids.pdf ? { ...state, id } : null),
    attachmentTextFor: async (noteId) =>
      noteId === ids.note ? [{ file: `attachments/${noteId}/a.pdf`, text: 'hello' }] : [],
  };
  const read = (args: object) =>
    createToolHost({
      registry: v.registry,
      tools: ALL_TOOLS,
      approve: async () => 'deny',
      ports: { texts },
    }).callTool('vault_read_note', args, agent);

  beforeEach(async () => {
    v = await openNotesVault();
    const blob = new Blob([new Uint8Array([1])], { type: 'application/pdf' });
    const rows = await v.store.insertMany([
      { kind: 'pdf', title: 'scan.pdf', folderPath: '', mime: 'application/pdf', blob },
      { kind: 'markdown', title: 'Plan', folderPath: '', markdown: '![[a.pdf]]' },
    ]);
    if (!rows.ok) throw new Error(rows.error.message);
    ids = { pdf: rows.value[0]?.id ?? '', note: rows.value[1]?.id ?? '' };
    state = done(['page one', 'page two']);
  });
  afterEach(() => v.close());

  it('returns the pages of a read PDF with status, page_count and pages_read', async () => {
    const r = await read({ id: ids.pdf });
    expect(r.ok && r.value.json).toEqual({
      id: ids.pdf,
      title: 'scan.pdf',
      tags: [],
      folder_path: '',
      file_type: 'pdf',
      status: 'done',
      page_count: 2,
      extracted_text: [
        { page: 1, text: 'page one' },
        { page: 2, text: 'page two' },
      ],
      pages_read: 2,
      href: `svc://note/${ids.pdf}`,
      source_ref: { kind: 'note', id: ids.pdf, title: 'scan.pdf', href: `svc://note/${ids.pdf}` },
      sources: [{ kind: 'note', id: ids.pdf, title: 'scan.pdf', href: `svc://note/${ids.pdf}` }],
    });
    const second = await read({ id: ids.pdf, from_page: 2 });
    expect(second.ok && second.value.json).toMatchObject({ extracted_text: [{ page: 2 }], pages_read: 1 });
    const past = await read({ id: ids.pdf, from_page: 3 });
    expect(!past.ok && past.error).toMatchObject({
      code: 'VALIDATION',
      field: 'from_page',
      expected: 'integer <= 2',
    });
  });

  it('says when extraction is still running or failed, with no pages', async () => {
    state = { id: 'x', status: 'extracting', reason: null, page_count: null, pages: [] };
    expect((await read({ id: ids.pdf })).ok && true).toBe(true);
    const running = await read({ id: ids.pdf });
    expect(running.ok && running.value.json).toMatchObject({
      status: 'extracting',
      extracted_text: [],
      pages_read: 0,
    });
    state = { id: 'x', status: 'failed', reason: 'not a readable PDF', page_count: null, pages: [] };
    const failed = await read({ id: ids.pdf });
    expect(failed.ok && failed.value.json).toMatchObject({
      status: 'failed',
      reason: 'not a readable PDF',
      extracted_text: [],
    });
  });

  it('adds attachment_text to a markdown note on its first page', async () => {
    const r = await read({ id: ids.note });
    expect(r.ok && r.value.json).toMatchObject({
      content_markdown: '![[a.pdf]]',
      attachment_text: [{ file: `attachments/${ids.note}/a.pdf`, text: 'hello' }],
    });
  });
});
