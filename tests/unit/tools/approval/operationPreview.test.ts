import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fieldDiff } from '../../../../src/worker/tools/approval/fieldDiff';
import { AGENT, type FullVault, openFullVault } from '../fixtures/fullVault';

describe('fieldDiff', () => {
  it('shows each changed field before and after, leaves unchanged ones out', () => {
    expect(
      fieldDiff(
        { title: 'Old', priority: 1, tags: ['a'] },
        { title: 'New', priority: 1, dueDate: '2026-03-14' },
      ),
    ).toBe('title: - "Old" + "New"\ndueDate: - null + "2026-03-14"');
    expect(fieldDiff({ title: 'Same' }, { title: 'Same' })).toBeNull();
  });

  it('diffs multi-line text by line, two lines of context around each change, the rest folded', () => {
    const before = '# Plan\n\nline one\nline two\n\nend';
    const after = '# Plan\n\nline one\nline 2\nline 3\n\nend';
    expect(fieldDiff({ content: before }, { content: after })).toBe(
      'content:\n  # Plan\n  \n  line one\n- line two\n+ line 2\n+ line 3\n  \n  end',
    );
    // two edits far apart are two places, the unchanged middle folded
    const long = Array.from({ length: 20 }, (_, i) => `l${i}`);
    const edited = [...long];
    edited[1] = 'first';
    edited[18] = 'second';
    expect(fieldDiff({ content: long.join('\n') }, { content: edited.join('\n') })?.split('\n')).toEqual([
      'content:',
      '  l0',
      '- l1',
      '+ first',
      '  l2',
      '  l3',
      '… 12 unchanged lines',
      '  l16',
      '  l17',
      '- l18',
      '+ second',
      '  l19',
    ]);
  });

  it('lists at most 40 changed lines of each kind and counts the rest', () => {
    const added = Array.from({ length: 45 }, (_, i) => `new ${i}`).join('\n');
    const lines = fieldDiff({ content: 'old\n' }, { content: `old\n${added}` })?.split('\n') ?? [];
    expect(lines.filter((l) => l.startsWith('+ new'))).toHaveLength(40);
    expect(lines.at(-1)).toBe('+ … 5 more lines');
  });

  it('cuts long values short', () => {
    const diff = fieldDiff({ description: null }, { description: 'x'.repeat(500) }) ?? '';
    expect(diff.length).toBeLessThan(260);
    expect(diff).toContain('…');
  });
});

/** vault_desktop_write's approval request on the real registry, read before the user decides. */
describe('vault_desktop_write approval: summary by argument, diff for edits', () => {
  let full: FullVault;
  let taskId: string;
  let noteId: string;
  const UI = { caller: { kind: 'ui' as const }, approve: async () => 'once' as const };

  beforeAll(async () => {
    full = await openFullVault();
    const task = await full.vault.registry.write(
      'tasks.create',
      [{ title: 'Water the beans', priority: 1 }],
      UI,
    );
    const note = await full.vault.registry.write('notes.create', [{ title: 'Plan', content: 'a\nb\nc' }], UI);
    await full.vault.registry.write('journal.createEntry', [{ date: '2026-03-14', content: 'rain' }], UI);
    if (!task.ok || !note.ok) throw new Error('seed failed');
    taskId = (task.value as { task: { id: string } }).task.id;
    noteId = (note.value as { id: string }).id;
  }, 60_000);
  afterAll(() => full.close());
  beforeEach(() => {
    full.asked.length = 0;
    full.answer.next = 'deny';
  });

  const write = (operation: string, args: unknown[]) =>
    full.agent.callTool('vault_desktop_write', { operation, args }, AGENT);

  it('tasks.update: each argument by name, and the changed fields before and after', async () => {
    const r = await write('tasks.update', [taskId, { title: 'Water the peas', priority: 1 }]);
    expect(r).toMatchObject({ ok: false, error: { code: 'APPROVAL_DENIED' } });
    expect(full.asked).toHaveLength(1);
    expect(full.asked[0]?.summary).toContain(
      `tasks.update(id: "${taskId}", patch: {"title":"Water the peas"`,
    );
    expect(full.asked[0]?.diff).toBe('title: - "Water the beans" + "Water the peas"');
    const after = await full.vault.registry.read('tasks.get', [taskId], { caller: { kind: 'ui' } });
    expect(JSON.stringify(after)).toContain('Water the beans');
  });

  it('notes.update: the body by line; notes.rename: the title', async () => {
    await write('notes.update', [noteId, { content: 'a\nB\nc' }]);
    expect(full.asked[0]?.diff).toBe('content:\n  a\n- b\n+ B\n  c');
    await write('notes.rename', [noteId, 'Plans']);
    expect(full.asked[1]?.diff).toBe('title: - "Plan" + "Plans"');
  });

  it('journal.updateEntry: read by its date', async () => {
    await write('journal.updateEntry', ['2026-03-14', { content: 'sun' }]);
    expect(full.asked[0]?.summary).toContain(
      'journal.updateEntry(date: "2026-03-14", changes: {"content":"sun"})',
    );
    expect(full.asked[0]?.diff).toBe('content: - "rain" + "sun"');
  });

  it('an operation that edits no existing record: the summary only', async () => {
    await write('tasks.createProject', [{ name: 'Garden' }]);
    expect(full.asked[0]).toMatchObject({
      summary: expect.stringContaining('tasks.createProject(project: {"name":"Garden"})'),
    });
    expect(full.asked[0]?.diff).toBeUndefined();
  });

  it('an edit of a record that does not exist: asked without a diff (the operation then says NOT_FOUND)', async () => {
    full.answer.next = 'once';
    const r = await write('tasks.update', ['no-such-task', { title: 'x' }]);
    expect(full.asked[0]?.diff).toBeUndefined();
    expect(r).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});
