import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentVaultPorts } from '../../../src/worker/agent/agentVaultPorts';
import { type AgentEndpoint, createAgentEndpoint } from '../../../src/worker/tools/agentEndpoint';
import type { ToolOutput } from '../../../src/worker/tools/defineTool';
import type { FileRenderer } from '../../../src/worker/tools/view/fileRenderer';
import { AGENT, type FullVault, openFullVault } from './fixtures/fullVault';
import { type Shape, shapeProblems } from './fixtures/replyShape';
import { seedFullVault } from './fixtures/seedFullVault';
import * as S from './fixtures/specShapes';
import { png, tinyPdf } from './fixtures/testFiles';

/**
 * Issue 6 part 2: every vault_* tool's reply carries exactly the keys spec 2.1-2.9 names for it
 * (fixtures/specShapes.ts), nested entries included, on the REAL registry a tab's vault worker
 * builds (openVault), seeded with one record of each kind. Only the picture is drawn by a fake:
 * the render worker needs a browser (its own test is tests/e2e/mcp-view-file.spec.ts).
 */

/** Answers as the render worker does: a 2-page PDF at 1211x1568, an image at its own size. */
const renderer: FileRenderer = {
  async render(request) {
    const pdf = request.kind === 'pdf';
    return {
      ok: true,
      picture: {
        mimeType: 'image/png',
        data: 'iVBORw0KGgo=',
        width: pdf ? 1211 : 64,
        height: pdf ? 1568 : 48,
        sourceWidth: pdf ? 612 : 64,
        sourceHeight: pdf ? 792 : 48,
        ...(pdf ? { pageCount: 2 } : {}),
      },
    };
  },
};

const UI = { caller: { kind: 'ui' as const }, approve: async () => 'once' as const };

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

describe('every vault_* reply has exactly the keys of spec 2.1-2.9', () => {
  let full: FullVault;
  let agent: AgentEndpoint;
  /** each call made, in order: the tool, what it was called for, the reply and the shape it must have */
  const calls: { tool: string; label: string; output: ToolOutput; shape: Shape | null }[] = [];
  const currentNote = { id: null as string | null };

  async function call(tool: string, args: object, shape: Shape | null, label = tool): Promise<unknown> {
    const r = await agent.callTool(tool, args, AGENT);
    if (!r.ok) throw new Error(`${label}: ${r.error.code} ${r.error.message}`);
    calls.push({ tool, label, output: r.value, shape });
    return r.value.json;
  }
  const byName = <T extends { id: string }>(list: unknown, key: 'name' | 'title', value: string): T => {
    const found = (list as (T & Record<string, unknown>)[]).find((e) => e[key] === value);
    if (found === undefined) throw new Error(`no ${value} in ${JSON.stringify(list)}`);
    return found;
  };

  beforeAll(async () => {
    full = await openFullVault();
    await seedFullVault(full);
    const ports = createAgentVaultPorts(full.vault);
    agent = createAgentEndpoint({
      registry: full.vault.registry,
      version: 'test',
      approve: async () => 'once',
      ports: {
        ...ports,
        files: { ...(ports.files as NonNullable<typeof ports.files>), renderer },
        currentNoteId: async () => currentNote.id,
      },
    });
    const filed = await full.vault.notes.insertMany([
      {
        kind: 'pdf',
        title: 'scan.pdf',
        folderPath: 'Projects',
        mime: 'application/pdf',
        blob: new Blob([new Uint8Array(tinyPdf(['One', 'Two']))], { type: 'application/pdf' }),
      },
      {
        kind: 'image',
        title: 'map.png',
        folderPath: 'Projects',
        mime: 'image/png',
        blob: new Blob([new Uint8Array(png(64, 48))], { type: 'image/png' }),
      },
    ]);
    if (!filed.ok) throw new Error(filed.error.message);
    const [pdf = '', image = ''] = filed.value.map((row) => row.id);
    // The PDF's text as the extraction queue stores it once read (no extractors run in Node).
    await full.vault.services.db.fileTexts.put({
      fileId: pdf,
      kind: 'pdf',
      status: 'done',
      reason: null,
      pages: ['One', 'Two'],
      pageCount: 2,
      attempts: 1,
      updated: Date.now(),
    });

    // Notes, folders, files.
    const listing = await call('vault_list_folder', { recursive: true }, S.folderEntry);
    const plan = byName<{ id: string }>(
      (listing as { name: string; id: string }[]).map((e) => ({ ...e, title: e.name })),
      'title',
      'Plan.md',
    );
    const embed = await full.vault.registry.write(
      'notes.update',
      [plan.id, { content: '# Plan\n\nSee [[Other]] #work\n\n![[scan.pdf]]\n\n- [ ] call Ann\n' }],
      UI,
    );
    if (!embed.ok) throw new Error(embed.error.message);
    await (await full.vault.search).settled();
    await call('vault_search_notes', { query: 'Ann' }, S.searchEntry);
    await call('vault_read_note', { id: plan.id }, S.markdownNote, 'vault_read_note (markdown)');
    await call('vault_read_note', { id: pdf }, S.extractedNote, 'vault_read_note (filed pdf)');
    await call('vault_view_file', { id: pdf, page: 2 }, S.viewPdfPage, 'vault_view_file (pdf page)');
    await call('vault_view_file', { id: image }, S.viewImage, 'vault_view_file (image)');
    currentNote.id = plan.id;
    await call('vault_get_current_note', {}, S.markdownNote);

    // Tasks and projects.
    const tasks = await call('vault_list_tasks', {}, S.taskEntry);
    const task = byName<{ id: string }>(tasks, 'title', 'Water the beans');
    await call('vault_get_task', { id: task.id }, S.fullTask);
    const projects = await call('vault_list_projects', {}, S.projectEntry);
    const garden = byName<{ id: string }>(projects, 'name', 'Garden');
    await call('vault_get_project', { id: garden.id }, S.fullProject);
    await call('vault_list_statuses', { project_id: garden.id }, S.status);

    // Journal, inbox, tags.
    await call('vault_get_journal_entry', { date: '2026-03-14' }, S.journalEntry);
    await call('vault_list_journal_entries', { from: '2026-03-01', to: '2026-03-31' }, S.journalListEntry);
    const inbox = (await call('vault_list_inbox_items', {}, S.inboxEntry)) as { id: string }[];
    await call('vault_get_inbox_item', { id: inbox[0]?.id ?? '' }, S.inboxItem);
    await call('vault_get_tags', {}, S.tag);

    // Canvases: draw, place a card, read, edit.
    const canvases = await call('vault_list_canvases', {}, S.canvasEntry);
    const board = byName<{ id: string }>(canvases, 'title', 'Board').id;
    await call(
      'vault_draw_on_canvas',
      {
        canvas: board,
        elements: [
          { ref: 'a', type: 'rectangle', text: 'Start' },
          { ref: 'b', type: 'ellipse', text: 'End' },
          { type: 'arrow', from: 'a', to: 'b' },
        ],
      },
      S.canvasDrawn,
    );
    await call(
      'vault_add_canvas_item',
      { canvas: board, entity_type: 'task', entity_id: task.id },
      S.canvasItemAdded,
    );
    await call('vault_read_canvas', { id: board }, S.canvasRead);
    const scene = (await call('vault_read_canvas_elements', { id: board }, S.canvasElements)) as {
      elements: { id: string; type: string }[];
    };
    const shapeId = (type: string) => scene.elements.find((e) => e.type === type)?.id ?? '';
    await call(
      'vault_edit_canvas_elements',
      { canvas: board, changes: [{ id: shapeId('rectangle'), x: 10 }], delete_ids: [shapeId('ellipse')] },
      S.canvasEdited,
    );

    // Note and folder writes.
    await call('vault_create_note', { title: 'Draft', content_markdown: 'Hello\n' }, S.noteWrite(false));
    await full.vault.settings.setGroup('ai', { convertCheckboxesToTasksForAgents: true });
    await call(
      'vault_create_note',
      {
        title: 'Trip',
        content_markdown: '- [ ] book the train\n  - [ ] pack\n',
        folder_path: 'Projects',
        tags: ['travel'],
      },
      S.noteWrite(true),
      'vault_create_note (task conversion on)',
    );
    await call('vault_rename_note', { id: plan.id, title: 'Plan v2' }, S.noteWrite(false));
    const scratch = await full.vault.registry.write('notes.create', [{ title: 'Scratch', content: '' }], UI);
    if (!scratch.ok) throw new Error(scratch.error.message);
    await call('vault_delete_note', { id: (scratch.value as { id: string }).id }, { keys: ['id'] });
    await call('vault_create_folder', { path: 'Archive' }, S.folderWrite);
    await call('vault_rename_folder', { old_path: 'Archive', new_path: 'Old stuff' }, S.folderWrite);
    await call('vault_delete_folder', { path: 'Old stuff' }, { keys: ['path'] });
    await call(
      'vault_create_task',
      { title: 'Call the plumber', due: '2026-04-01', tags: ['home'] },
      S.fullTask,
    );

    // The generic tools.
    await call('vault_desktop_describe', {}, S.describeEntry, 'vault_desktop_describe (all)');
    await call(
      'vault_desktop_describe',
      { operation: 'notes.list' },
      S.describeOne,
      'vault_desktop_describe (one)',
    );
    await call('vault_desktop_read', { operation: 'notes.list', args: [{}] }, S.notesListReply);
    await call(
      'vault_desktop_write',
      { operation: 'notes.create', args: [{ title: 'Via desktop', content: 'x' }] },
      S.desktopNote,
    );
  }, 90_000);
  afterAll(async () => {
    await full.close();
  });

  it('covers every tool the vault offers', () => {
    const offered = agent.listTools().map((t) => t.name);
    expect([...new Set(calls.map((c) => c.tool))].sort()).toEqual([...offered].sort());
  });

  it.each([
    'vault_list_folder',
    'vault_search_notes',
    'vault_read_note (markdown)',
    'vault_read_note (filed pdf)',
    'vault_view_file (pdf page)',
    'vault_view_file (image)',
    'vault_get_current_note',
    'vault_list_tasks',
    'vault_get_task',
    'vault_list_projects',
    'vault_get_project',
    'vault_list_statuses',
    'vault_get_journal_entry',
    'vault_list_journal_entries',
    'vault_list_inbox_items',
    'vault_get_inbox_item',
    'vault_get_tags',
    'vault_list_canvases',
    'vault_draw_on_canvas',
    'vault_add_canvas_item',
    'vault_read_canvas',
    'vault_read_canvas_elements',
    'vault_edit_canvas_elements',
    'vault_create_note',
    'vault_create_note (task conversion on)',
    'vault_rename_note',
    'vault_delete_note',
    'vault_create_folder',
    'vault_rename_folder',
    'vault_delete_folder',
    'vault_create_task',
    'vault_desktop_describe (all)',
    'vault_desktop_describe (one)',
    'vault_desktop_read',
    'vault_desktop_write',
  ])('%s', (label) => {
    const made = calls.find((c) => c.label === label);
    expect(made, `${label} was not called`).toBeDefined();
    expect(shapeProblems(made?.output.json, made?.shape ?? { keys: [] })).toEqual([]);
  });

  it('the nested entries are really there: snippets, attachment_text, created_tasks, cards', () => {
    const json = (label: string) =>
      calls.find((c) => c.label === label)?.output.json as Record<string, unknown>;
    expect(json('vault_read_note (markdown)').attachment_text).toEqual([
      expect.objectContaining({ text: expect.stringContaining('One') }),
    ]);
    expect(json('vault_read_note (filed pdf)').extracted_text).toHaveLength(2);
    expect(json('vault_create_note (task conversion on)').created_tasks).toHaveLength(2);
    expect(json('vault_read_canvas').items).toEqual([expect.objectContaining({ entity_type: 'task' })]);
    expect((json('vault_read_canvas').texts as unknown[]).length).toBeGreaterThanOrEqual(2);
  });

  it('only vault_view_file adds a picture, as {mimeType, data}', () => {
    for (const c of calls) {
      if (c.tool !== 'vault_view_file') expect(c.output.images, c.label).toBeUndefined();
      else expect(c.output.images?.map((i) => Object.keys(i).sort())).toEqual([['data', 'mimeType']]);
    }
  });

  it('body_bytes and body_sha256 describe the stored body', async () => {
    for (const c of calls.filter((c) => c.tool === 'vault_create_note' || c.tool === 'vault_rename_note')) {
      const reply = c.output.json as { id: string; body_bytes: number; body_sha256: string };
      const stored = await full.vault.registry.read('notes.get', [reply.id], UI);
      if (!stored.ok) throw new Error(stored.error.message);
      const body = (stored.value as { content: string }).content;
      expect(reply.body_bytes, c.label).toBe(new TextEncoder().encode(body).length);
      expect(reply.body_sha256, c.label).toBe(await sha256Hex(body));
    }
  });
});

describe('shapeProblems', () => {
  const shape: Shape = {
    keys: ['id', 'href'],
    optional: ['next', 'list'],
    members: { list: { keys: ['a'] } },
  };
  it('names a missing key, a renamed one, an unexpected one and an empty list', () => {
    expect(shapeProblems({ id: 'x', href: 'h' }, shape)).toEqual([]);
    expect(shapeProblems({ id: 'x', link: 'h' }, shape)).toEqual([
      'reply: missing href',
      'reply: unexpected link',
    ]);
    expect(shapeProblems([{ id: 'x', href: 'h', list: [{ a: 1, b: 2 }] }], shape)).toEqual([
      'reply[0].list[0]: unexpected b',
    ]);
    expect(shapeProblems([], shape)).toEqual(['reply: an empty array, nothing to check']);
  });
  it('checks a source_ref: its kind and its href', () => {
    const ref = S.refShape('task');
    expect(shapeProblems({ kind: 'task', id: 't1', title: 'T', href: 'svc://task/t1' }, ref)).toEqual([]);
    expect(shapeProblems({ kind: 'note', id: 't1', title: 'T', href: 'svc://note/t1' }, ref)).toEqual([
      'reply: kind note, expected task',
    ]);
    expect(shapeProblems({ kind: 'task', id: 't1', title: 'T', href: 'svc://task/t2' }, ref)).toEqual([
      'reply: href svc://task/t2 does not name t1',
    ]);
  });
});
