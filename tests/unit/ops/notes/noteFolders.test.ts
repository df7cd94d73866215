import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toTemplateRow } from '../../../../src/worker/domain/templates/template';
import { noteFolderOperations } from '../../../../src/worker/ops/notes/noteFolderOperations';
import { type ExtrasVault, openExtrasVault } from '../fixtures/notesExtrasVault';

const ui = { caller: { kind: 'ui' as const } };
const approveAll = { ...ui, approve: async () => 'once' as const };
const template = {
  id: 't1',
  clock: {},
  createdAt: '2026-03-14T09:00:00.000Z',
  modifiedAt: '2026-03-14T09:00:00.000Z',
  name: 'Meeting',
  description: null,
  content: '## Agenda\n',
  titleTemplate: null,
  folderPath: null,
};

describe('notes folder config and template', () => {
  let v: ExtrasVault;
  beforeEach(async () => {
    v = await openExtrasVault((d) => noteFolderOperations(d.db, d.feed));
    await v.store.createFolder('Work');
    await v.db.templates.put(toTemplateRow(template));
  });
  afterEach(() => v.close());

  it('reads the defaults, then what was set, and the template new notes start from', async () => {
    expect(await v.registry.read('notes.getFolderConfig', ['Work'], ui)).toEqual({
      ok: true,
      value: { sort: 'modified', templateId: null },
    });
    expect(await v.registry.read('notes.getFolderTemplate', ['Work'], ui)).toEqual({ ok: true, value: null });
    expect(
      await v.registry.write(
        'notes.setFolderConfig',
        ['Work', { sort: 'manual', templateId: 't1' }],
        approveAll,
      ),
    ).toEqual({ ok: true, value: { sort: 'manual', templateId: 't1' } });
    expect(await v.registry.read('notes.getFolderConfig', ['Work'], ui)).toEqual({
      ok: true,
      value: { sort: 'manual', templateId: 't1' },
    });
    expect(await v.registry.read('notes.getFolderTemplate', ['Work'], ui)).toMatchObject({
      ok: true,
      value: { id: 't1', name: 'Meeting', content: '## Agenda\n' },
    });
    // the root is a folder too, with its own settings
    expect(await v.registry.read('notes.getFolderConfig', [''], ui)).toMatchObject({
      value: { sort: 'modified' },
    });
  });

  it('reads a template deleted since it was chosen as none', async () => {
    await v.registry.write('notes.setFolderConfig', ['Work', { templateId: 't1' }], approveAll);
    await v.db.templates.delete('t1');
    expect(await v.registry.read('notes.getFolderTemplate', ['Work'], ui)).toEqual({ ok: true, value: null });
  });

  it('refuses a missing folder, a missing template and bad args, changing nothing', async () => {
    const before = await v.snapshot();
    expect(await v.registry.read('notes.getFolderConfig', ['Nope'], ui)).toMatchObject({
      error: { code: 'NOT_FOUND', field: 'args[0]' },
    });
    expect(await v.registry.read('notes.getFolderTemplate', ['Nope'], ui)).toMatchObject({
      error: { code: 'NOT_FOUND', field: 'args[0]' },
    });
    expect(await v.registry.write('notes.setFolderConfig', ['Nope', {}], approveAll)).toMatchObject({
      error: { code: 'NOT_FOUND', field: 'args[0]' },
    });
    expect(
      await v.registry.write('notes.setFolderConfig', ['Work', { templateId: 'tx' }], approveAll),
    ).toMatchObject({ error: { code: 'NOT_FOUND', field: 'args[1].templateId' } });
    const bad: [unknown[], string][] = [
      [['Work'], 'args'],
      [['Work', { sort: 'size' }], 'args[1].sort'],
      [['Work', { color: 'red' }], 'args[1]'],
      [['Work', { templateId: '' }], 'args[1].templateId'],
      [['Work', []], 'args[1]'],
      [[3, {}], 'args[0]'],
    ];
    for (const [args, field] of bad) {
      const res = await v.registry.write('notes.setFolderConfig', args, approveAll);
      expect(res).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
      expect(!res.ok && res.error.field?.startsWith(field)).toBe(true);
    }
    expect(await v.registry.read('notes.getFolderConfig', ['../x'], ui)).toMatchObject({
      error: { code: 'VALIDATION' },
    });
    expect(await v.snapshot()).toEqual(before);
  });
});
