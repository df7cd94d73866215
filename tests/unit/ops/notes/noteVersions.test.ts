import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { noteVersionOperations } from '../../../../src/worker/ops/notes/noteVersionOperations';
import { type ExtrasVault, openExtrasVault } from '../fixtures/notesExtrasVault';

const ui = { caller: { kind: 'ui' as const } };
const approveAll = { ...ui, approve: async () => 'once' as const };

describe('note version operations', () => {
  let v: ExtrasVault;
  beforeEach(async () => {
    v = await openExtrasVault((d) => noteVersionOperations(d.db, d.bodies));
    await v.store.create({ title: 'Plan', markdown: 'first' });
    await v.store.updateBody('id1', 'second');
    await v.store.updateBody('id1', 'third');
  });
  afterEach(() => v.close());

  async function versionIds(): Promise<string[]> {
    const listed = await v.registry.read('notes.getVersions', ['id1'], ui);
    if (!listed.ok) throw new Error(listed.error.message);
    return (listed.value as { id: string }[]).map((x) => x.id);
  }

  it('lists a note’s versions newest first without their text, and reads one with it', async () => {
    const listed = await v.registry.read('notes.getVersions', ['id1'], ui);
    expect(listed).toMatchObject({
      ok: true,
      value: [
        { noteId: 'id1', title: 'Plan', reason: 'agent', bytes: 6 },
        { noteId: 'id1', reason: 'agent', bytes: 5 },
      ],
    });
    expect(listed.ok && 'content' in (listed.value as object[])[0]!).toBe(false);
    const [, oldest] = await versionIds();
    expect(await v.registry.read('notes.getVersion', [oldest], ui)).toMatchObject({
      ok: true,
      value: {
        id: oldest,
        content: 'first',
        created: expect.stringMatching(/^2026-03-14T09:00:00\.\d{3}Z$/),
      },
    });
  });

  it('restores a version, keeping the replaced text as a new version', async () => {
    const [, oldest] = await versionIds();
    expect(await v.registry.write('notes.restoreVersion', [oldest], approveAll)).toMatchObject({
      ok: true,
      value: { id: 'id1', path: 'Plan.md' },
    });
    expect((await v.db.bodies.get('id1'))?.markdown).toBe('first');
    expect(await versionIds()).toHaveLength(3);
    const [newest] = await versionIds();
    expect(await v.registry.read('notes.getVersion', [newest], ui)).toMatchObject({
      value: { content: 'third' },
    });
  });

  it('deletes one version and leaves the note as it was', async () => {
    const [newest, oldest] = await versionIds();
    expect(await v.registry.write('notes.deleteVersion', [newest], approveAll)).toEqual({
      ok: true,
      value: { id: newest, deleted: true },
    });
    expect(await versionIds()).toEqual([oldest]);
    expect((await v.db.bodies.get('id1'))?.markdown).toBe('third');
  });

  it('refuses unknown notes and versions with NOT_FOUND, changing nothing', async () => {
    const before = await v.snapshot();
    expect(await v.registry.read('notes.getVersions', ['nope'], ui)).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', field: 'args[0]' },
    });
    expect(await v.registry.read('notes.getVersion', ['nope'], ui)).toMatchObject({
      error: { code: 'NOT_FOUND' },
    });
    for (const name of ['notes.restoreVersion', 'notes.deleteVersion']) {
      expect(await v.registry.write(name, ['nope'], approveAll)).toMatchObject({
        ok: false,
        error: { code: 'NOT_FOUND', field: 'args[0]' },
      });
    }
    expect(await v.snapshot()).toEqual(before);
  });

  it('refuses bad args naming the field, and a denied write changes nothing', async () => {
    const before = await v.snapshot();
    const [oldest] = (await versionIds()).slice(-1);
    for (const args of [[], [''], [7], ['a', 'b']]) {
      expect(await v.registry.read('notes.getVersion', args, ui)).toMatchObject({
        error: { code: 'VALIDATION' },
      });
      expect(await v.registry.write('notes.deleteVersion', args, approveAll)).toMatchObject({
        error: { code: 'VALIDATION' },
      });
    }
    const deny = { ...ui, approve: async () => 'deny' as const };
    expect(await v.registry.write('notes.restoreVersion', [oldest], deny)).toMatchObject({
      error: { code: 'APPROVAL_DENIED' },
    });
    expect(await v.snapshot()).toEqual(before);
  });
});
