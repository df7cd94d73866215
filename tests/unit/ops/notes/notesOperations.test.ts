import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asNode } from '../../../../src/worker/ops/schema';
import { ARGS_ROOT } from '../../../../src/worker/ops/validator';
import { badInputCases } from '../../../../src/worker/tools/badInput/badInputCases';
import { type NotesVault, openNotesVault } from '../fixtures/notesVault';

const ui = { caller: { kind: 'ui' as const } };
const approveAll = { ...ui, approve: async () => 'once' as const };

describe('notes operations over the real note store', () => {
  let v: NotesVault;
  beforeEach(async () => {
    v = await openNotesVault();
  });
  afterEach(() => v.close());

  it('creates, reads and lists notes in the desktop API shape (spec 2.9)', async () => {
    const created = await v.registry.write(
      'notes.create',
      [{ title: 'Plan', folder: 'Work', content: '# Plan\nhello #x' }],
      approveAll,
    );
    expect(created).toMatchObject({
      ok: true,
      value: {
        id: 'id1',
        path: 'Work/Plan.md',
        title: 'Plan',
        folder: 'Work',
        tags: ['x'],
        fileType: 'markdown',
        mimeType: null,
        fileSize: null,
        localOnly: false,
      },
    });
    const got = await v.registry.read('notes.get', ['id1'], ui);
    expect(got).toMatchObject({
      ok: true,
      value: { content: '# Plan\nhello #x', created: expect.stringMatching(/^2026-03-14T09:00:00\.\d{3}Z$/) },
    });
    const list = await v.registry.read('notes.list', [{ folder: 'Work', limit: 10 }], ui);
    expect(list).toMatchObject({
      ok: true,
      value: { total: 1, hasMore: false, notes: [{ id: 'id1', wordCount: 3 }] },
    });
    expect(await v.registry.read('notes.getFolders', [], ui)).toEqual({
      ok: true,
      value: [{ path: 'Work', name: 'Work', parent: '' }],
    });
  });

  it('pages with offset and says when there is more', async () => {
    for (const title of ['A', 'B', 'C']) await v.registry.write('notes.create', [{ title }], approveAll);
    const page = await v.registry.read('notes.list', [{ limit: 2, sort: 'title' }], ui);
    expect(page.ok && page.value).toMatchObject({
      total: 3,
      hasMore: true,
      notes: [{ title: 'A' }, { title: 'B' }],
    });
    const rest = await v.registry.read('notes.list', [{ limit: 2, offset: 2, sort: 'title' }], ui);
    expect(rest.ok && rest.value).toMatchObject({ hasMore: false, notes: [{ title: 'C' }] });
  });

  it('renames, moves, updates and deletes, passing store refusals through', async () => {
    await v.registry.write('notes.create', [{ title: 'A' }], approveAll);
    await v.registry.write('notes.create', [{ title: 'B' }], approveAll);
    expect(await v.registry.write('notes.rename', ['id1', 'B'], approveAll)).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT' },
    });
    expect(await v.registry.write('notes.rename', ['id1', 'A2'], approveAll)).toMatchObject({
      ok: true,
      value: { title: 'A2' },
    });
    expect(await v.registry.write('notes.move', ['id1', 'Archive'], approveAll)).toMatchObject({
      ok: true,
      value: { path: 'Archive/A2.md' },
    });
    expect(await v.registry.write('notes.update', ['id1', { content: 'one two' }], approveAll)).toMatchObject(
      { ok: true, value: { wordCount: 2 } },
    );
    expect(await v.registry.write('notes.delete', ['id1'], approveAll)).toEqual({
      ok: true,
      value: { id: 'id1' },
    });
    expect(await v.registry.read('notes.get', ['id1'], ui)).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });

  it('creates, renames and deletes folders', async () => {
    expect(await v.registry.write('notes.createFolder', ['A/B'], approveAll)).toEqual({
      ok: true,
      value: { path: 'A/B' },
    });
    expect(await v.registry.write('notes.renameFolder', ['A', 'Z'], approveAll)).toEqual({
      ok: true,
      value: { path: 'Z' },
    });
    expect(await v.registry.write('notes.deleteFolder', ['Z'], approveAll)).toEqual({
      ok: true,
      value: { path: 'Z' },
    });
    expect(await v.registry.write('notes.deleteFolder', ['Z'], approveAll)).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });

  it('asks approval for every write and marks deletes destructive', async () => {
    const seen: { operation: string; destructive: boolean }[] = [];
    const deny = {
      ...ui,
      approve: async (r: { operation: string; destructive: boolean }) => {
        seen.push(r);
        return 'deny' as const;
      },
    };
    await v.registry.write('notes.create', [{ title: 'A' }], deny);
    await v.registry.write('notes.deleteFolder', ['A'], deny);
    expect(seen.map((r) => [r.operation, r.destructive])).toEqual([
      ['notes.create', false],
      ['notes.deleteFolder', true],
    ]);
    expect(await v.snapshot()).toMatchObject({ notes: [], bodies: [], folders: [] });
  });

  it('refuses every generated bad input and leaves the vault unchanged', async () => {
    await v.registry.write('notes.create', [{ title: 'Keep', folder: 'F', content: 'x' }], approveAll);
    const before = await v.snapshot();
    let count = 0;
    for (const op of v.registry.list()) {
      for (const c of badInputCases(asNode(op.argsSchema), ARGS_ROOT)) {
        const r =
          op.kind === 'read'
            ? await v.registry.read(op.name, c.value, ui)
            : await v.registry.write(op.name, c.value, approveAll);
        expect({ op: op.name, case: c.name, r }).toMatchObject({
          r: { ok: false, error: { code: 'VALIDATION', field: c.field } },
        });
        count++;
      }
    }
    expect(count).toBeGreaterThan(60);
    expect(await v.snapshot()).toEqual(before);
  });
});
