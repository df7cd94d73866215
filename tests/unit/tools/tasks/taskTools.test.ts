import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asNode } from '../../../../src/worker/ops/schema';
import { ARGUMENTS_ROOT } from '../../../../src/worker/ops/validator';
import { badInputCases } from '../../../../src/worker/tools/badInput/badInputCases';
import { openPlanningVault, type PlanningVault } from '../fixtures/planningVault';

const agent = { kind: 'agent' as const, surface: 'mcp' as const };

describe('task tools over the real task operations', () => {
  let v: PlanningVault;
  const call = (name: string, args: unknown) => v.host.callTool(name, args, agent);
  const json = async (name: string, args: unknown) => {
    const r = await call(name, args);
    if (!r.ok) throw new Error(`${name}: ${JSON.stringify(r.error)}`);
    return r.value.json as never;
  };

  beforeEach(async () => {
    v = await openPlanningVault();
  });
  afterEach(() => v.close());

  it('offers the task tools whose operations are registered, and no note tools', () => {
    const names = v.host.listTools().map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'vault_list_tasks',
        'vault_get_task',
        'vault_list_projects',
        'vault_get_project',
        'vault_list_statuses',
        'vault_create_task',
        'vault_desktop_describe',
        'vault_desktop_read',
        'vault_desktop_write',
      ]),
    );
    expect(names).not.toContain('vault_read_note');
  });

  it('vault_create_task creates in the Inbox and replies with the full task', async () => {
    const task = await json('vault_create_task', {
      title: 'Ship',
      due: '2026-03-20',
      due_time: '09:30',
      priority: 3,
      notes: 'details',
      tags: ['work'],
    });
    expect(task).toMatchObject({
      title: 'Ship',
      projectId: 'inbox',
      dueDate: '2026-03-20',
      dueTime: '09:30',
      priority: 3,
      description: 'details',
      tags: ['work'],
      isRepeating: false,
      hasSubtasks: false,
      href: expect.stringMatching(/^svc:\/\/task\//),
      source_ref: { kind: 'task', title: 'Ship' },
    });
    expect(v.asked[0]).toMatchObject({
      tool: 'vault_create_task',
      summary: 'Create task "Ship" due 2026-03-20',
    });
  });

  it('refuses disagreeing aliases and inconsistent repetition, asking nothing', async () => {
    expect(
      await call('vault_create_task', { title: 'x', due: '2026-03-20', due_date: '2026-03-21' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'due' },
    });
    expect(await call('vault_create_task', { title: 'x', is_repeating: true })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'repeat_config' },
    });
    expect(await call('vault_create_task', { title: 'x', repeat_config: { freq: 'hourly' } })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: expect.stringMatching(/^repeat_config/) },
    });
    expect(v.asked).toEqual([]);
  });

  it('passes domain refusals through with the agent’s field names', async () => {
    expect(await call('vault_create_task', { title: 'x', project_id: 'nope' })).toMatchObject({
      ok: false,
      error: { field: 'project_id' },
    });
  });

  it('a denial creates nothing', async () => {
    v.answer.next = 'deny';
    expect(await call('vault_create_task', { title: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'APPROVAL_DENIED' },
    });
    expect(await v.db.tasks.count()).toBe(0);
  });

  it('vault_list_tasks filters by status, project, tag and due date', async () => {
    const a = (await json('vault_create_task', { title: 'A', due: '2026-03-10', tags: ['x'] })) as {
      id: string;
    };
    await json('vault_create_task', { title: 'B', due: '2026-03-30' });
    await json('vault_create_task', { title: 'C', tags: ['x'] });
    await v.registry.write('tasks.complete', [a.id], { caller: { kind: 'ui' }, approve: async () => 'once' });

    const titles = async (args: Record<string, unknown>) =>
      ((await json('vault_list_tasks', args)) as { title: string }[]).map((t) => t.title).sort();
    expect(await titles({})).toEqual(['B', 'C']);
    expect(await titles({ status: 'completed' })).toEqual(['A']);
    expect(await titles({ tag: 'x' })).toEqual(['C']);
    expect(await titles({ tag: 'x', status: 'completed' })).toEqual(['A']);
    expect(await titles({ due_before: '2026-04-01' })).toEqual(['B']);
    expect(await titles({ project_id: 'inbox', limit: 1 })).toHaveLength(1);
    const [entry] = (await json('vault_list_tasks', { tag: 'x' })) as Record<string, unknown>[];
    expect(Object.keys(entry ?? {}).sort()).toEqual([
      'due',
      'href',
      'id',
      'project',
      'source_ref',
      'status',
      'tags',
      'title',
    ]);
  });

  it('vault_list_projects, vault_get_project and vault_list_statuses answer spec 2.4 shapes', async () => {
    const projects = (await json('vault_list_projects', {})) as Record<string, unknown>[];
    expect(projects[0]).toMatchObject({ id: 'inbox', name: 'Inbox', href: 'svc://project/inbox' });
    expect(await json('vault_get_project', { id: 'inbox' })).toMatchObject({
      id: 'inbox',
      isInbox: true,
      sources: [{ kind: 'project' }],
    });
    const statuses = (await json('vault_list_statuses', { project_id: 'inbox' })) as Record<
      string,
      unknown
    >[];
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses[0]).toMatchObject({ projectId: 'inbox' });
    expect(await call('vault_list_statuses', { project_id: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', field: 'project_id' },
    });
  });

  it('vault_get_task returns NOT_FOUND for a missing task', async () => {
    expect(await call('vault_get_task', { id: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });

  it('every listed tool refuses its generated bad input: nothing asked, nothing changed', async () => {
    await json('vault_create_task', { title: 'Keep' });
    v.asked.length = 0;
    const before = { tasks: await v.db.tasks.toArray(), projects: await v.db.projects.toArray() };
    let count = 0;
    for (const tool of v.host.listTools()) {
      for (const c of badInputCases(asNode(tool.inputSchema), ARGUMENTS_ROOT)) {
        const r = await call(tool.name, c.value);
        expect({ tool: tool.name, case: c.name, r }).toMatchObject({
          r: { ok: false, error: { code: 'VALIDATION', field: c.field } },
        });
        count++;
      }
    }
    expect(count).toBeGreaterThan(100);
    expect(v.asked).toEqual([]);
    expect({ tasks: await v.db.tasks.toArray(), projects: await v.db.projects.toArray() }).toEqual(before);
  });
});
