import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Registry } from '../../../src/worker/ops/registry';
import { fail } from '../../../src/worker/ops/result';
import { ALL_TOOLS } from '../../../src/worker/tools/allTools';
import type { ApprovalRequest } from '../../../src/worker/tools/approvalGate';
import { createToolHost } from '../../../src/worker/tools/toolHost';
import type { OpenVault } from '../../../src/worker/vault/openVault';
import { openTestVault } from '../worker/testVault';

const agent = { kind: 'agent' as const, surface: 'mcp' as const };
const ui = { caller: { kind: 'ui' as const } };

const CONTENT = [
  '# Launch',
  '- [ ] write the post',
  '  - [ ] draft',
  '- [x] pick a date',
  '```',
  '- [ ] not a task (code)',
  '```',
  '- [ ] tell the team',
].join('\n');

describe('vault_create_note: checkbox lines to tasks for agents (spec 4.2)', () => {
  let vault: OpenVault;
  let asked: ApprovalRequest[];

  const hostOver = (registry: Registry) =>
    createToolHost({
      registry,
      tools: ALL_TOOLS,
      approve: async (request) => {
        asked.push(request);
        return 'once';
      },
    });
  const create = async (registry: Registry = vault.registry) => {
    const r = await hostOver(registry).callTool(
      'vault_create_note',
      { title: 'Launch', content_markdown: CONTENT, tags: ['q1'] },
      agent,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return r.value.json as Record<string, unknown>;
  };
  const body = async (id: string) => {
    const note = await vault.registry.read('notes.get', [id], ui);
    return note.ok ? (note.value as { content: string }).content : '';
  };
  const taskTitles = async () => {
    const list = await vault.registry.read('tasks.list', [{ projectId: 'inbox', limit: 100 }], ui);
    return list.ok ? (list.value as { tasks: { title: string }[] }).tasks.map((t) => t.title) : [];
  };

  beforeEach(async () => {
    vault = await openTestVault();
    asked = [];
  });
  afterEach(async () => {
    // Every test opens the same default vault: start the next one from an empty database.
    await (await vault.search).settled();
    vault.close();
    await vault.services.db.delete();
  });

  it('off (the default): checkboxes stay in the body, no task is made, no created_tasks', async () => {
    const reply = await create();
    expect(reply).not.toHaveProperty('created_tasks');
    expect(await body(reply.id as string)).toContain('- [ ] write the post\n  - [ ] draft');
    expect(await taskTitles()).toEqual([]);
    expect(asked.map((a) => a.summary)).toEqual(['Create note "Launch"']);
  });

  it('on: open boxes become tasks linked to the note, nested ones subtasks; the body links them', async () => {
    await vault.settings.setGroup('ai', { convertCheckboxesToTasksForAgents: true });
    const reply = await create();
    const noteId = reply.id as string;
    const created = reply.created_tasks as { id: string; title: string; parent_id: string | null }[];
    expect(created.map((t) => [t.title, t.parent_id])).toEqual([
      ['write the post', null],
      ['draft', created[0]?.id],
      ['tell the team', null],
    ]);
    expect(created[0]).toMatchObject({
      project: 'inbox',
      href: `svc://task/${created[0]?.id}`,
      source_ref: { kind: 'task', id: created[0]?.id, title: 'write the post' },
    });
    for (const t of created) {
      const full = await vault.registry.read('tasks.get', [t.id], ui);
      expect(full.ok && (full.value as { sourceNoteId: string }).sourceNoteId).toBe(noteId);
    }
    const stored = await body(noteId);
    expect(stored).toContain(`- write the post ([task](svc://task/${created[0]?.id}))`);
    expect(stored).toContain(`  - draft ([task](svc://task/${created[1]?.id}))`);
    expect(stored).toContain('- [x] pick a date');
    expect(stored).toContain('- [ ] not a task (code)');
    expect(stored).toMatch(/^---\ntags:/);
    // The digest describes the body as finally stored, links included.
    expect(reply.body_bytes).toBe(new TextEncoder().encode(stored).length);
    // One approval for the whole call, which says what will happen.
    expect(asked.map((a) => a.summary)).toEqual(['Create note "Launch"; 3 checkbox lines become tasks']);
  });

  it('on, with no checkbox line: created_tasks is present and empty, the body untouched', async () => {
    await vault.settings.setGroup('ai', { convertCheckboxesToTasksForAgents: true });
    const r = await hostOver(vault.registry).callTool(
      'vault_create_note',
      { title: 'Plain', content_markdown: 'just text\n- item' },
      agent,
    );
    expect(r.ok && r.value.json).toMatchObject({ created_tasks: [] });
    expect(await taskTitles()).toEqual([]);
  });

  it('a refused task stops the conversion: the rest stay checkboxes and the reply says why', async () => {
    await vault.settings.setGroup('ai', { convertCheckboxesToTasksForAgents: true });
    let creates = 0;
    const failing: Registry = {
      ...vault.registry,
      write: (name, args, ctx) =>
        name === 'tasks.create' && ++creates === 2
          ? Promise.resolve(fail('VALIDATION', 'refused for the test'))
          : vault.registry.write(name, args, ctx),
    };
    const reply = await create(failing);
    const created = reply.created_tasks as { title: string }[];
    expect(created.map((t) => t.title)).toEqual(['write the post']);
    expect(reply.created_tasks_error).toMatchObject({ code: 'VALIDATION', message: 'refused for the test' });
    const stored = await body(reply.id as string);
    // The failed child stays a checkbox; the later top-level line was never tried.
    expect(stored).toContain('  - [ ] draft');
    expect(stored).toContain('- [ ] tell the team');
    expect(await taskTitles()).toEqual(['write the post']);
  });
});
