import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renamePropertyKey } from '../../../../src/worker/domain/notes/frontmatter/renamePropertyKey';
import { propertyRenameOperations } from '../../../../src/worker/ops/properties/propertyRenameOperations';
import { type ExtrasVault, openExtrasVault } from '../fixtures/notesExtrasVault';

const approveAll = { caller: { kind: 'ui' as const }, approve: async () => 'once' as const };
const body = async (v: ExtrasVault, id: string) => (await v.db.bodies.get(id))?.markdown;

describe('renamePropertyKey', () => {
  it('splices the new key over the old one, every other byte kept', () => {
    const src = '---\n# kept\nStatus: "Done" # why\ntags: [a]\n---\nbody';
    expect(renamePropertyKey(src, 'status', 'Stage')).toEqual({
      ok: true,
      value: { changed: true, source: '---\n# kept\nStage: "Done" # why\ntags: [a]\n---\nbody' },
    });
  });

  it('quotes a key YAML would read otherwise, and reports a clash or no key', () => {
    const src = '---\na: 1\nb: 2\n---\n';
    expect(renamePropertyKey(src, 'a', 'x: y')).toMatchObject({
      value: { source: '---\n"x: y": 1\nb: 2\n---\n' },
    });
    expect(renamePropertyKey(src, 'a', 'B')).toEqual({ ok: true, value: { changed: false, clash: 'b' } });
    expect(renamePropertyKey(src, 'c', 'd')).toEqual({ ok: true, value: { changed: false } });
    expect(renamePropertyKey('no frontmatter', 'a', 'd')).toEqual({ ok: true, value: { changed: false } });
    expect(renamePropertyKey('---\na: [\n---\n', 'a', 'd')).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION' },
    });
  });
});

describe('properties.rename', () => {
  let v: ExtrasVault;
  beforeEach(async () => {
    v = await openExtrasVault((d) => propertyRenameOperations(d.db, d.bodies, d.defs));
    await v.defs.create('Status', 'status');
    await v.defs.create('Owner', 'text');
    await v.store.create({ title: 'A', markdown: '---\nstatus: Done\nowner: me\n---\nA' });
    await v.store.create({ title: 'B', markdown: '---\nStatus: In progress # soon\n---\nB' });
    await v.store.create({ title: 'C', markdown: 'no properties' });
  });
  afterEach(() => v.close());

  it('renames the definition and the key in every note that has it', async () => {
    expect(await v.registry.write('properties.rename', ['status', 'Stage'], approveAll)).toEqual({
      ok: true,
      value: { from: 'Status', to: 'Stage', changed: 2, failed: [] },
    });
    expect(await body(v, 'id1')).toBe('---\nStage: Done\nowner: me\n---\nA');
    expect(await body(v, 'id2')).toBe('---\nStage: In progress # soon\n---\nB');
    expect(await body(v, 'id3')).toBe('no properties');
    const defs = await v.defs.list();
    expect(defs.map((d) => [d.name, d.type, d.options.length])).toEqual([
      ['Owner', 'text', 0],
      ['Stage', 'status', 3],
    ]);
  });

  it('changes letter case only, and renames an undefined key used in notes', async () => {
    expect(await v.registry.write('properties.rename', ['Status', 'STATUS'], approveAll)).toMatchObject({
      ok: true,
      value: { changed: 2 },
    });
    expect((await v.defs.list()).map((d) => d.name)).toContain('STATUS');
    await v.store.create({ title: 'D', markdown: '---\nmood: ok\n---\n' });
    expect(await v.registry.write('properties.rename', ['mood', 'feeling'], approveAll)).toMatchObject({
      ok: true,
      value: { from: 'mood', to: 'feeling', changed: 1 },
    });
  });

  it('lists a note with broken frontmatter as failed and renames the others', async () => {
    await v.store.create({ title: 'D', markdown: '---\nstatus: [\n---\n' });
    const res = await v.registry.write('properties.rename', ['status', 'Stage'], approveAll);
    expect(res).toMatchObject({ ok: true, value: { changed: 2, failed: [{ id: 'id4' }] } });
  });

  it('refuses a clash or an unknown name, and changes nothing', async () => {
    const before = await v.snapshot();
    expect(await v.registry.write('properties.rename', ['status', 'owner'], approveAll)).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT', field: 'args[1]' },
    });
    await v.store.create({ title: 'D', markdown: '---\nstatus: x\nstage: y\n---\n' });
    const mid = await v.snapshot();
    expect(await v.registry.write('properties.rename', ['status', 'Stage'], approveAll)).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT', field: 'args[1]', candidates: ['id4'] },
    });
    expect(await v.snapshot()).toEqual(mid);
    expect(await v.registry.write('properties.rename', ['nothing', 'x'], approveAll)).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', field: 'args[0]' },
    });
    expect(await v.snapshot()).toEqual(mid);
    expect(before).not.toEqual(mid);
  });

  it('refuses bad args naming the field', async () => {
    const before = await v.snapshot();
    const cases: [unknown[], string][] = [
      [[], 'args'],
      [['status'], 'args'],
      [['', 'x'], 'args[0]'],
      [['status', '   '], 'args[1]'],
      [['status', 5], 'args[1]'],
      [['status', 'x'.repeat(101)], 'args[1]'],
      [['a', 'b', 'c'], 'args'],
    ];
    for (const [args, field] of cases) {
      const res = await v.registry.write('properties.rename', args, approveAll);
      expect(res).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
      expect(!res.ok && res.error.field?.startsWith(field)).toBe(true);
    }
    expect(await v.snapshot()).toEqual(before);
  });
});
