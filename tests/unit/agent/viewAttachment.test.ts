import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAgentVaultPorts } from '../../../src/worker/agent/agentVaultPorts';
import { ALL_TOOLS } from '../../../src/worker/tools/allTools';
import { createToolHost } from '../../../src/worker/tools/toolHost';
import type { RenderRequest } from '../../../src/worker/tools/view/fileRenderer';
import type { FileViewPort } from '../../../src/worker/tools/view/fileViewPort';
import type { OpenVault } from '../../../src/worker/vault/openVault';
import { openTestVault } from '../worker/testVault';

const agent = { kind: 'agent' as const, surface: 'mcp' as const };
const blob = (type: string) => new Blob([new Uint8Array([1, 2, 3])], { type });

/**
 * vault_view_file's `attachment` over the real vault (links, attachments, filed files), with a
 * renderer that answers as the render worker does and records what it was asked to draw.
 */
describe('vault_view_file: every embedded file of the vault the spec allows', () => {
  let vault: OpenVault;
  let drawn: RenderRequest[];
  let ids: Record<string, string>;

  const view = async (args: object) => {
    const real = createAgentVaultPorts(vault).files as FileViewPort;
    const files: FileViewPort = {
      ...real,
      renderer: {
        async render(request) {
          drawn.push(request);
          const picture = { mimeType: 'image/png' as const, data: 'iVBORw0KGgo=', width: 10, height: 10 };
          return { ok: true, picture: { ...picture, sourceWidth: 10, sourceHeight: 10, pageCount: 1 } };
        },
      },
    };
    const host = createToolHost({
      registry: vault.registry,
      tools: ALL_TOOLS,
      approve: async () => 'deny',
      ports: { files },
    });
    return host.callTool('vault_view_file', args, agent);
  };

  beforeEach(async () => {
    vault = await openTestVault();
    drawn = [];
    const filed = await vault.notes.insertMany([
      { kind: 'image', title: 'page.png', folderPath: 'Scans', mime: 'image/png', blob: blob('image/png') },
      {
        kind: 'pdf',
        title: 'loose.pdf',
        folderPath: 'Docs',
        mime: 'application/pdf',
        blob: blob('application/pdf'),
      },
      { kind: 'audio', title: 'memo.mp3', folderPath: '', mime: 'audio/mpeg', blob: blob('audio/mpeg') },
    ]);
    if (!filed.ok) throw new Error(filed.error.message);
    const note = await vault.notes.create({
      title: 'Plan',
      markdown: '![[Scans/page.png]]\n![[memo.mp3]]\n<div>hello</div>\n',
    });
    if (!note.ok) throw new Error(note.error.message);
    const [page, loose, memo] = filed.value.map((r) => r.id);
    ids = { page: page ?? '', loose: loose ?? '', memo: memo ?? '', plan: note.value.id };
    const own = await vault.notes.attachments.upload(ids.plan ?? '', 'shot.png', blob('image/png'));
    if (!own.ok) throw new Error(own.error.message);
  });
  afterEach(async () => {
    await (await vault.search).settled();
    vault.close();
    await vault.services.db.delete();
  });

  it('the own attachment by name and by its path attachments/<note_id>/<name>', async () => {
    for (const attachment of [
      'shot.png',
      `attachments/${ids.plan}/SHOT.png`,
      `/attachments/${ids.plan}/shot.png`,
    ]) {
      const r = await view({ id: ids.plan, attachment });
      expect(r.ok && r.value.json, attachment).toMatchObject({
        id: ids.plan,
        title: 'shot.png',
        attachment: 'shot.png',
        file: `attachments/${ids.plan}/shot.png`,
        file_type: 'image',
      });
    }
    expect(drawn).toHaveLength(3);
  });

  it('another filed file the note embeds, by the target as written or its vault path', async () => {
    for (const attachment of ['Scans/page.png', 'scans/PAGE.png']) {
      const r = await view({ id: ids.plan, attachment });
      expect(r.ok && r.value.json, attachment).toMatchObject({
        id: ids.plan,
        title: 'page.png',
        file: 'Scans/page.png',
        file_type: 'image',
        source_ref: { kind: 'note', id: ids.plan, title: 'Plan' },
        sources: [
          { kind: 'note', id: ids.plan },
          { kind: 'note', id: ids.page, title: 'page.png' },
        ],
      });
    }
    expect(drawn.map((d) => d.kind)).toEqual(['image', 'image']);
  });

  it('refuses, naming attachment: not embedded, an HTML block, audio, a missing name', async () => {
    const cases: [string, string, RegExp][] = [
      ['Docs/loose.pdf', 'NOT_FOUND', new RegExp(`does not embed Docs/loose.pdf.*"id": "${ids.loose}"`)],
      [`attachments/other-note/x.png`, 'NOT_FOUND', /has no attachment or embedded file/],
      ['html:1', 'VALIDATION', /HTML block/],
      ['memo.mp3', 'VALIDATION', /not an image or a PDF/],
      ['gone.png', 'NOT_FOUND', /has no attachment or embedded file named gone.png/],
    ];
    for (const [attachment, code, message] of cases) {
      const r = await view({ id: ids.plan, attachment });
      expect(!r.ok && r.error, attachment).toMatchObject({ code, field: 'attachment' });
      expect(!r.ok && r.error.message, attachment).toMatch(message);
    }
    // A filed file is viewed by its own id, never with attachment.
    const onFile = await view({ id: ids.page, attachment: 'page.png' });
    expect(!onFile.ok && onFile.error).toMatchObject({ code: 'VALIDATION', field: 'attachment' });
    expect(drawn).toEqual([]);
  });
});
