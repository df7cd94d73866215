import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asNode } from '../../../../src/worker/ops/schema';
import { ARGUMENTS_ROOT } from '../../../../src/worker/ops/validator';
import { ALL_TOOLS } from '../../../../src/worker/tools/allTools';
import type { ApprovalRequest } from '../../../../src/worker/tools/approvalGate';
import { badInputCases } from '../../../../src/worker/tools/badInput/badInputCases';
import { createToolHost, type ToolHost } from '../../../../src/worker/tools/toolHost';
import { type NotesVault, openNotesVault } from '../../ops/fixtures/notesVault';

const agent = { kind: 'agent' as const, surface: 'mcp' as const };

describe('note and folder tools over the real note store', () => {
  let v: NotesVault;
  let host: ToolHost;
  let asked: ApprovalRequest[];
  let answer: 'once' | 'tab' | 'deny';
  const call = async (name: string, args: unknown) => host.callTool(name, args, agent);

  beforeEach(async () => {
    v = await openNotesVault();
    asked = [];
    answer = 'once';
    host = createToolHost({
      registry: v.registry,
      tools: ALL_TOOLS,
      approve: async (request) => {
        asked.push(request);
        return answer;
      },
    });
  });
  afterEach(() => v.close());

  it('lists the built note tools and the generic ones, not the tools still unbuilt', () => {
    expect(host.listTools().map((t) => t.name)).toEqual([
      'vault_read_note',
      'vault_list_folder',
      'vault_create_note',
      'vault_rename_note',
      'vault_delete_note',
      'vault_create_folder',
      'vault_rename_folder',
      'vault_delete_folder',
      'vault_desktop_describe',
      'vault_desktop_read',
      'vault_desktop_write',
    ]);
  });

  it('vault_create_note replies with the spec 4.2 fields, digest of the stored body', async () => {
    const r = await call('vault_create_note', {
      title: 'Plan',
      content_markdown: '---\nstatus: draft\n---\n- [ ] ship it #work',
      folder_path: 'Work',
      tags: ['q1'],
    });
    expect(r.ok).toBe(true);
    const reply = r.ok ? (r.value.json as Record<string, unknown>) : {};
    expect(reply).toMatchObject({
      id: 'id1',
      title: 'Plan',
      folder_path: 'Work',
      tags: expect.arrayContaining(['q1', 'work']),
      properties: { status: 'draft', tags: ['q1'] },
      href: 'svc://note/id1',
      source_ref: { kind: 'note', id: 'id1', title: 'Plan', href: 'svc://note/id1' },
      sources: [{ kind: 'note', id: 'id1' }],
    });
    expect(reply.body_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(reply).not.toHaveProperty('created_tasks');
    const stored = await v.db.bodies.get('id1');
    expect(reply.body_bytes).toBe(new TextEncoder().encode(stored?.markdown).length);
    expect(asked[0]).toMatchObject({
      tool: 'vault_create_note',
      summary: 'Create note "Plan" in Work',
      destructive: false,
    });
  });

  it('vault_rename_note shows the old title and a diff, then replies like create', async () => {
    await call('vault_create_note', { title: 'Old', content_markdown: 'x' });
    const r = await call('vault_rename_note', { id: 'id1', title: 'New' });
    expect(r).toMatchObject({ ok: true, value: { json: { id: 'id1', title: 'New', body_bytes: 1 } } });
    expect(asked[1]).toMatchObject({ summary: 'Rename note "Old" to "New"', diff: '- Old\n+ New' });
  });

  it('a denied write changes nothing', async () => {
    answer = 'deny';
    const before = await v.snapshot();
    expect(await call('vault_create_note', { title: 'A', content_markdown: '' })).toMatchObject({
      ok: false,
      error: { code: 'APPROVAL_DENIED' },
    });
    expect(await v.snapshot()).toEqual(before);
    expect((await v.snapshot()) as { notes: unknown[] }).toMatchObject({ notes: [] });
  });

  it('vault_delete_note and folder tools reply with spec 2.2 shapes', async () => {
    await call('vault_create_note', { title: 'A', content_markdown: '', folder_path: 'F/G' });
    expect(await call('vault_create_folder', { path: 'H' })).toMatchObject({
      ok: true,
      value: {
        json: { path: 'H', href: 'svc://folder/H', source_ref: { kind: 'folder', id: 'H', title: 'H' } },
      },
    });
    expect(await call('vault_rename_folder', { old_path: 'F', new_path: 'K' })).toMatchObject({
      ok: true,
      value: { json: { path: 'K', sources: [{ kind: 'folder', id: 'K' }] } },
    });
    expect(await call('vault_delete_note', { id: 'id1' })).toEqual({
      ok: true,
      value: { json: { id: 'id1' } },
    });
    expect(await call('vault_delete_folder', { path: 'K' })).toEqual({
      ok: true,
      value: { json: { path: 'K' } },
    });
    expect(asked.find((a) => a.tool === 'vault_delete_folder')).toMatchObject({ destructive: true });
  });

  it('vault_list_folder lists direct or nested notes, and NOT_FOUND for a missing folder', async () => {
    await call('vault_create_note', { title: 'Top', content_markdown: '' });
    await call('vault_create_note', { title: 'B', content_markdown: '', folder_path: 'Work' });
    await call('vault_create_note', { title: 'A', content_markdown: '', folder_path: 'Work/Deep' });
    const direct = await call('vault_list_folder', { path: '/Work' });
    expect(direct).toEqual({
      ok: true,
      value: {
        json: [
          {
            kind: 'note',
            id: 'id2',
            name: 'B.md',
            path: 'Work/B.md',
            file_type: 'markdown',
            href: 'svc://note/id2',
            source_ref: { kind: 'note', id: 'id2', title: 'B', href: 'svc://note/id2' },
          },
        ],
      },
    });
    const nested = await call('vault_list_folder', { id: 'Work', recursive: true });
    expect(nested.ok && (nested.value.json as { path: string }[]).map((e) => e.path)).toEqual([
      'Work/B.md',
      'Work/Deep/A.md',
    ]);
    const root = await call('vault_list_folder', { recursive: true });
    expect(root.ok && (root.value.json as unknown[]).length).toBe(3);
    expect(await call('vault_list_folder', { path: 'Nope' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', field: 'path' },
    });
    expect(await call('vault_list_folder', { path: 'Work', id: 'Other' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'id' },
    });
  });

  it('vault_read_note pages a large note by about 100 KB', async () => {
    const line = `${'word '.repeat(19)}word\n`;
    const body = line.repeat(1500); // 150 KB: two pages
    await call('vault_create_note', { title: 'Big', content_markdown: body });
    const first = await call('vault_read_note', { id: 'id1' });
    const page1 = first.ok ? (first.value.json as Record<string, unknown>) : {};
    expect(page1).toMatchObject({
      id: 'id1',
      title: 'Big',
      file_type: 'markdown',
      page: 1,
      page_count: 2,
      next_page: 2,
    });
    expect(page1).toMatchObject({ href: 'svc://note/id1', frontmatter: {} });
    const second = await call('vault_read_note', { id: 'id1', from_page: 2 });
    const page2 = second.ok ? (second.value.json as Record<string, unknown>) : {};
    expect(page2).not.toHaveProperty('next_page');
    expect(`${page1.content_markdown}${page2.content_markdown}`).toBe(body);
    expect(await call('vault_read_note', { id: 'id1', from_page: 3 })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'from_page', expected: 'integer <= 2' },
    });
    expect(await call('vault_read_note', { id: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', field: 'id' },
    });
  });

  it('refuses audio and video in vault_read_note', async () => {
    await call('vault_create_note', { title: 'Memo', content_markdown: '' });
    await v.db.notes.update('id1', { fileType: 'audio' });
    expect(await call('vault_read_note', { id: 'id1' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'id' },
    });
  });

  it('every listed tool refuses its generated bad input: nothing asked, nothing changed', async () => {
    await call('vault_create_note', { title: 'Keep', content_markdown: 'x', folder_path: 'F' });
    const before = await v.snapshot();
    asked = [];
    let count = 0;
    for (const tool of host.listTools()) {
      for (const c of badInputCases(asNode(tool.inputSchema), ARGUMENTS_ROOT)) {
        const r = await call(tool.name, c.value);
        expect({ tool: tool.name, case: c.name, r }).toMatchObject({
          r: { ok: false, error: { code: 'VALIDATION', field: c.field } },
        });
        count++;
      }
    }
    expect(count).toBeGreaterThan(80);
    expect(asked).toEqual([]);
    expect(await v.snapshot()).toEqual(before);
  });
});
