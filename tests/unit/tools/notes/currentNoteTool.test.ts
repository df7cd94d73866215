import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALL_TOOLS } from '../../../../src/worker/tools/allTools';
import { createToolHost } from '../../../../src/worker/tools/toolHost';
import { type NotesVault, openNotesVault } from '../../ops/fixtures/notesVault';

const agent = { kind: 'agent' as const, surface: 'mcp' as const, clientId: 'tab-1' };
const ui = { caller: { kind: 'ui' as const }, approve: async () => 'once' as const };

describe('vault_get_current_note', () => {
  let v: NotesVault;
  let open: string | null;
  beforeEach(async () => {
    v = await openNotesVault();
    open = null;
  });
  afterEach(() => v.close());

  const host = (withPort: boolean) =>
    createToolHost({
      registry: v.registry,
      tools: ALL_TOOLS,
      approve: async () => 'deny',
      ports: withPort ? { currentNoteId: async () => open } : {},
    });

  it('is offered only when the tab says which note is open', () => {
    expect(
      host(false)
        .listTools()
        .map((t) => t.name),
    ).not.toContain('vault_get_current_note');
    expect(
      host(true)
        .listTools()
        .map((t) => t.name),
    ).toContain('vault_get_current_note');
  });

  it('returns the open note as vault_read_note does, or null', async () => {
    const h = host(true);
    expect(await h.callTool('vault_get_current_note', {}, agent)).toEqual({
      ok: true,
      value: { json: null },
    });
    await v.registry.write('notes.create', [{ title: 'Open', content: 'hello' }], ui);
    open = 'id1';
    expect(await h.callTool('vault_get_current_note', {}, agent)).toMatchObject({
      ok: true,
      value: {
        json: {
          id: 'id1',
          title: 'Open',
          content_markdown: 'hello',
          page: 1,
          page_count: 1,
          href: 'svc://note/id1',
        },
      },
    });
    await v.registry.write('notes.delete', ['id1'], ui);
    expect(await h.callTool('vault_get_current_note', {}, agent)).toEqual({
      ok: true,
      value: { json: null },
    });
    expect(await h.callTool('vault_get_current_note', { x: 1 }, agent)).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'x' },
    });
  });
});
