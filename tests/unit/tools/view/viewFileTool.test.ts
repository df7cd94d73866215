import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALL_TOOLS } from '../../../../src/worker/tools/allTools';
import { toCallToolResult } from '../../../../src/worker/tools/mcp/toolResult';
import { createToolHost, type ToolHost } from '../../../../src/worker/tools/toolHost';
import type {
  FileRenderer,
  RenderOutcome,
  RenderRequest,
} from '../../../../src/worker/tools/view/fileRenderer';
import type { FileViewPort } from '../../../../src/worker/tools/view/fileViewPort';
import { type NotesVault, openNotesVault } from '../../ops/fixtures/notesVault';

const agent = { kind: 'agent' as const, surface: 'mcp' as const };

/** A renderer that answers as the render worker would for a PDF of `pages` pages, recording calls. */
function fakeRenderer(pages: number, calls: RenderRequest[], override?: RenderOutcome): FileRenderer {
  return {
    async render(request) {
      calls.push(request);
      if (override !== undefined) return override;
      if (request.kind === 'pdf' && request.page > pages)
        return { ok: false, reason: 'page', pageCount: pages };
      return {
        ok: true,
        picture: {
          mimeType: 'image/png',
          data: 'iVBORw0KGgo=',
          width: request.kind === 'pdf' ? 1211 : 640,
          height: request.kind === 'pdf' ? 1568 : 480,
          sourceWidth: request.kind === 'pdf' ? 612 : 640,
          sourceHeight: request.kind === 'pdf' ? 792 : 480,
          ...(request.kind === 'pdf' ? { pageCount: pages } : {}),
        },
      };
    },
  };
}

describe('vault_view_file', () => {
  let v: NotesVault;
  let calls: RenderRequest[];
  let files: FileViewPort;
  let ids: { pdf: string; png: string; audio: string; note: string };
  const host = (): ToolHost =>
    createToolHost({ registry: v.registry, tools: ALL_TOOLS, approve: async () => 'deny', ports: { files } });
  const view = (args: unknown) => host().callTool('vault_view_file', args, agent);

  beforeEach(async () => {
    v = await openNotesVault();
    calls = [];
    files = { blob: (id) => v.store.getBlob(id), renderer: fakeRenderer(3, calls) };
    const blob = (type: string) => new Blob([new Uint8Array([1, 2, 3])], { type });
    const rows = await v.store.insertMany([
      {
        kind: 'pdf',
        title: 'report.pdf',
        folderPath: 'Docs',
        mime: 'application/pdf',
        blob: blob('application/pdf'),
      },
      { kind: 'image', title: 'map.png', folderPath: '', mime: 'image/png', blob: blob('image/png') },
      { kind: 'audio', title: 'memo.m4a', folderPath: '', mime: 'audio/mp4', blob: blob('audio/mp4') },
      { kind: 'markdown', title: 'Plan', folderPath: '', markdown: '![[map.png]]' },
    ]);
    if (!rows.ok) throw new Error(rows.error.message);
    const [pdf, png, audio, note] = rows.value.map((r) => r.id);
    ids = { pdf: pdf ?? '', png: png ?? '', audio: audio ?? '', note: note ?? '' };
  });
  afterEach(() => v.close());

  it('is offered only where the vault provides the file port', () => {
    const names = (ports: object) =>
      createToolHost({ registry: v.registry, tools: ALL_TOOLS, approve: async () => 'deny', ports })
        .listTools()
        .map((t) => t.name);
    expect(names({ files })).toContain('vault_view_file');
    expect(names({})).not.toContain('vault_view_file');
  });

  it('renders one PDF page: the JSON part of spec 2.2 (page, page_count) and the image part', async () => {
    const r = await view({ id: ids.pdf, page: 2 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(calls).toEqual([expect.objectContaining({ kind: 'pdf', page: 2, maxEdge: 1568 })]);
    expect(r.value.json).toEqual({
      id: ids.pdf,
      title: 'report.pdf',
      attachment: null,
      file: 'Docs/report.pdf',
      file_type: 'pdf',
      mime_type: 'image/png',
      width: 1211,
      height: 1568,
      page: 2,
      page_count: 3,
      message: expect.stringContaining('Page 2 of 3 of report.pdf'),
      href: `svc://note/${ids.pdf}`,
      source_ref: { kind: 'note', id: ids.pdf, title: 'report.pdf', href: `svc://note/${ids.pdf}` },
      sources: [{ kind: 'note', id: ids.pdf, title: 'report.pdf', href: `svc://note/${ids.pdf}` }],
    });
    const mcp = toCallToolResult(r) as { content: { type: string; mimeType?: string; data?: string }[] };
    expect(mcp.content.map((c) => c.type)).toEqual(['text', 'image']);
    expect(mcp.content[1]).toEqual({ type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' });
  });

  it('renders an image with its source size, page 1 by default', async () => {
    const r = await view({ id: ids.png });
    expect(r.ok && r.value.json).toMatchObject({
      file_type: 'image',
      source_width: 640,
      source_height: 480,
      width: 640,
      height: 480,
      file: 'map.png',
    });
    expect(r.ok && 'page' in (r.value.json as object)).toBe(false);
    expect(calls[0]).toMatchObject({ kind: 'image', page: 1 });
  });

  it('refuses a page past the last one, naming the page count', async () => {
    const r = await view({ id: ids.pdf, page: 4 });
    expect(r).toEqual({
      ok: false,
      error: { code: 'VALIDATION', message: expect.any(String), field: 'page', expected: 'integer <= 3' },
    });
    const img = await view({ id: ids.png, page: 2 });
    expect(!img.ok && img.error).toMatchObject({
      code: 'VALIDATION',
      field: 'page',
      expected: 'integer <= 1',
    });
  });

  it('refuses a markdown note without attachment, audio and a missing id, rendering nothing', async () => {
    const md = await view({ id: ids.note });
    expect(!md.ok && md.error).toMatchObject({ code: 'VALIDATION', field: 'id' });
    const audio = await view({ id: ids.audio });
    expect(!audio.ok && audio.error).toMatchObject({ code: 'VALIDATION', field: 'id' });
    const missing = await view({ id: 'nope' });
    expect(!missing.ok && missing.error).toMatchObject({ code: 'NOT_FOUND', field: 'id' });
    const attachedToFile = await view({ id: ids.pdf, attachment: 'x.png' });
    expect(!attachedToFile.ok && attachedToFile.error).toMatchObject({
      code: 'VALIDATION',
      field: 'attachment',
    });
    expect(calls).toEqual([]);
  });

  it('reports an unreadable file as UNREADABLE with the renderer reason', async () => {
    files = {
      ...files,
      renderer: fakeRenderer(1, calls, { ok: false, reason: 'unreadable', message: 'not a readable PDF' }),
    };
    const r = await view({ id: ids.pdf });
    expect(!r.ok && r.error).toEqual({ code: 'UNREADABLE', message: 'not a readable PDF', field: 'id' });
  });

  it('views an attachment of a note through the attachment port', async () => {
    const attachments = new Map([
      [`${ids.note}/map.png`, new Blob([new Uint8Array([9])], { type: 'image/png' })],
    ]);
    files = {
      ...files,
      attachment: async (noteId, name) => {
        const blob = attachments.get(`${noteId}/${name.toLowerCase()}`);
        return blob === undefined ? null : { name: 'map.png', blob };
      },
    };
    const r = await view({ id: ids.note, attachment: 'MAP.png' });
    expect(r.ok && r.value.json).toMatchObject({
      id: ids.note,
      title: 'map.png',
      attachment: 'map.png',
      file: `attachments/${ids.note}/map.png`,
      source_ref: { kind: 'note', id: ids.note, title: 'Plan' },
    });
    const missing = await view({ id: ids.note, attachment: 'other.png' });
    expect(!missing.ok && missing.error).toMatchObject({ code: 'NOT_FOUND', field: 'attachment' });
    const notViewable = await view({ id: ids.note, attachment: 'song.mp3' });
    expect(!notViewable.ok && notViewable.error).toMatchObject({ code: 'VALIDATION', field: 'attachment' });
  });
});
