import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notesLookupOperations } from '../../../../src/worker/ops/notes/notesLookupOperations';
import { type ExtrasVault, openExtrasVault } from '../fixtures/notesExtrasVault';

const ui = { caller: { kind: 'ui' as const } };

describe('notes.getByPath, notes.getFile, notes.exists', () => {
  let v: ExtrasVault;
  let fileId: string;
  beforeEach(async () => {
    v = await openExtrasVault((d) => notesLookupOperations(d.db));
    await v.store.create({ title: 'Plan', folderPath: 'Work/Q1', markdown: '# Plan' });
    const filed = await v.store.insertMany([
      {
        kind: 'pdf',
        title: 'scan.pdf',
        folderPath: 'Work',
        mime: 'application/pdf',
        blob: new Blob(['%PDF']),
      },
    ]);
    if (!filed.ok) throw new Error(filed.error.message);
    fileId = filed.value[0]?.id as string;
  });
  afterEach(() => v.close());

  it('finds a note by its path, the name in any letter case, with its markdown', async () => {
    for (const path of ['Work/Q1/Plan.md', 'Work/Q1/plan.MD', '/Work/Q1/Plan.md']) {
      expect(await v.registry.read('notes.getByPath', [path], ui)).toMatchObject({
        ok: true,
        value: { id: 'id1', path: 'Work/Q1/Plan.md', content: '# Plan', fileType: 'markdown' },
      });
    }
  });

  it('finds a filed file by its path, as metadata only', async () => {
    const got = await v.registry.read('notes.getByPath', ['Work/scan.pdf'], ui);
    expect(got).toMatchObject({
      ok: true,
      value: { id: fileId, fileType: 'pdf', mimeType: 'application/pdf' },
    });
    expect(got.ok && 'content' in (got.value as object)).toBe(false);
  });

  it('refuses a path with nothing there, or a note path without .md, with NOT_FOUND', async () => {
    for (const path of ['Work/Q1/Nope.md', 'Work/Q1/Plan', 'Q1/Plan.md', 'Work/Q1/']) {
      expect(await v.registry.read('notes.getByPath', [path], ui)).toMatchObject({
        ok: false,
        error: { code: 'NOT_FOUND', field: 'args[0]' },
      });
    }
  });

  it('answers a filed file with contentOmitted and contentAccess', async () => {
    const got = await v.registry.read('notes.getFile', [fileId], ui);
    expect(got).toMatchObject({
      ok: true,
      value: {
        id: fileId,
        path: 'Work/scan.pdf',
        fileSize: 4,
        contentOmitted: true,
        contentAccess: expect.stringContaining('vault_view_file'),
      },
    });
  });

  it('refuses getFile for a markdown note or an unknown id', async () => {
    for (const id of ['id1', 'nope']) {
      expect(await v.registry.read('notes.getFile', [id], ui)).toMatchObject({
        ok: false,
        error: { code: 'NOT_FOUND', field: 'args[0]' },
      });
    }
  });

  it('tells whether an id or a path exists', async () => {
    const cases: [string, boolean][] = [
      ['id1', true],
      [fileId, true],
      ['Work/Q1/Plan.md', true],
      ['Work/scan.pdf', true],
      ['Work/Q1/Other.md', false],
      ['id99', false],
    ];
    for (const [key, exists] of cases) {
      expect(await v.registry.read('notes.exists', [key], ui)).toEqual({ ok: true, value: exists });
    }
  });

  it('refuses bad args naming the field, and changes nothing', async () => {
    const before = await v.snapshot();
    for (const name of ['notes.getByPath', 'notes.getFile', 'notes.exists']) {
      for (const args of [[], [''], [3], ['a', 'b']]) {
        expect(await v.registry.read(name, args, ui)).toMatchObject({
          ok: false,
          error: { code: 'VALIDATION' },
        });
      }
      expect(await v.registry.read(name, [''], ui)).toMatchObject({ error: { field: 'args[0]' } });
    }
    expect(await v.snapshot()).toEqual(before);
  });
});
