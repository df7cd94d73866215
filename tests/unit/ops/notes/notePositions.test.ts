import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notePositionOperations } from '../../../../src/worker/ops/notes/notePositionOperations';
import { type ExtrasVault, openExtrasVault } from '../fixtures/notesExtrasVault';

const ui = { caller: { kind: 'ui' as const } };
const approveAll = { ...ui, approve: async () => 'once' as const };

describe('notes positions (manual order)', () => {
  let v: ExtrasVault;
  beforeEach(async () => {
    v = await openExtrasVault((d) => notePositionOperations(d.db, d.feed));
    for (const title of ['A', 'B', 'C']) await v.store.create({ title, folderPath: 'Work' });
    await v.store.create({ title: 'R' });
  });
  afterEach(() => v.close());

  it('orders a folder, reads it back per folder and for all folders', async () => {
    expect(await v.registry.read('notes.getPositions', ['Work'], ui)).toEqual({ ok: true, value: {} });
    expect(await v.registry.write('notes.reorder', ['Work', ['id3', 'id1']], approveAll)).toEqual({
      ok: true,
      value: { folder: 'Work', positions: { id3: 0, id1: 1 } },
    });
    await v.registry.write('notes.reorder', ['', ['id4']], approveAll);
    expect(await v.registry.read('notes.getPositions', ['Work'], ui)).toEqual({
      ok: true,
      value: { id3: 0, id1: 1 },
    });
    expect(await v.registry.read('notes.getAllPositions', [], ui)).toEqual({
      ok: true,
      value: { Work: { id3: 0, id1: 1 }, '': { id4: 0 } },
    });
  });

  it('drops a note moved out of the folder or deleted since, closing the gap', async () => {
    await v.registry.write('notes.reorder', ['Work', ['id3', 'id1', 'id2']], approveAll);
    await v.store.move('id1', '');
    expect(await v.registry.read('notes.getPositions', ['Work'], ui)).toEqual({
      ok: true,
      value: { id3: 0, id2: 1 },
    });
    await v.store.delete('id3');
    await v.store.delete('id2');
    expect(await v.registry.read('notes.getAllPositions', [], ui)).toEqual({ ok: true, value: {} });
  });

  it('refuses a note outside the folder, a missing folder or bad args, changing nothing', async () => {
    await v.registry.write('notes.reorder', ['Work', ['id2']], approveAll);
    const before = await v.snapshot();
    expect(await v.registry.write('notes.reorder', ['Work', ['id1', 'id4']], approveAll)).toMatchObject({
      error: { code: 'NOT_FOUND', field: 'args[1][1]' },
    });
    expect(await v.registry.write('notes.reorder', ['Work', ['nope']], approveAll)).toMatchObject({
      error: { code: 'NOT_FOUND', field: 'args[1][0]' },
    });
    expect(await v.registry.write('notes.reorder', ['Nope', []], approveAll)).toMatchObject({
      error: { code: 'NOT_FOUND', field: 'args[0]' },
    });
    expect(await v.registry.read('notes.getPositions', ['Nope'], ui)).toMatchObject({
      error: { code: 'NOT_FOUND', field: 'args[0]' },
    });
    const bad: [unknown[], string][] = [
      [['Work'], 'args'],
      [['Work', ['id1', 'id1']], 'args[1]'],
      [['Work', ['']], 'args[1][0]'],
      [['Work', 'id1'], 'args[1]'],
      [[null, []], 'args[0]'],
    ];
    for (const [args, field] of bad) {
      const res = await v.registry.write('notes.reorder', args, approveAll);
      expect(res).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
      expect(!res.ok && res.error.field?.startsWith(field)).toBe(true);
    }
    expect(await v.registry.read('notes.getAllPositions', [1], ui)).toMatchObject({
      error: { code: 'VALIDATION' },
    });
    expect(await v.snapshot()).toEqual(before);
  });
});
