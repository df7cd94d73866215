import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPlanningVault, type PlanningVault } from '../fixtures/planningVault';

const agent = { kind: 'agent' as const, surface: 'mcp' as const };
const ui = { caller: { kind: 'ui' as const }, approve: async () => 'once' as const };

interface Element {
  id: string;
  type: string;
  x: number;
  y: number;
  width: number;
  height: number;
  startBinding?: string | null;
  endBinding?: string | null;
  frameId?: string | null;
  text?: string;
}

describe('canvas tools over the real canvas operations', () => {
  let v: PlanningVault;
  const call = (name: string, args: unknown) => v.host.callTool(name, args, agent);
  const json = async (name: string, args: unknown) => {
    const r = await call(name, args);
    if (!r.ok) throw new Error(`${name}: ${JSON.stringify(r.error)}`);
    return r.value.json as never;
  };
  const elements = async (id: string) =>
    ((await json('vault_read_canvas_elements', { id })) as { elements: Element[] }).elements;

  beforeEach(async () => {
    v = await openPlanningVault();
    await v.registry.write('canvas.create', [{ title: 'Plan', folder: 'Work' }], ui);
    await v.registry.write('canvas.create', [{ title: 'Plan', folder: 'Home' }], ui);
    await v.registry.write('canvas.create', [{ title: 'Ideas' }], ui);
  });
  afterEach(() => v.close());

  it('lists canvases with spec 2.8 fields', async () => {
    const list = (await json('vault_list_canvases', {})) as Record<string, unknown>[];
    expect(list).toHaveLength(3);
    expect(Object.keys(list[0]!).sort()).toEqual([
      'folder',
      'id',
      'item_count',
      'path',
      'title',
      'updated_at',
    ]);
  });

  it('addresses by folder-qualified name or unique bare title, refusing an ambiguous one with candidates', async () => {
    expect(await json('vault_read_canvas', { id: 'Work/Plan' })).toMatchObject({
      title: 'Plan',
      items: [],
      texts: [],
    });
    expect(await json('vault_read_canvas', { id: 'ideas' })).toMatchObject({ title: 'Ideas' });
    const r = await call('vault_read_canvas', { id: 'Plan' });
    expect(r).toMatchObject({ ok: false, error: { code: 'AMBIGUOUS', field: 'id' } });
    expect(!r.ok && r.error.candidates?.map((c) => (c as { path: string }).path).sort()).toEqual([
      'Home/Plan',
      'Work/Plan',
    ]);
    expect(await call('vault_read_canvas_elements', { id: 'Nope' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });

  it('draws shapes and an arrow bound by ref, then edits and deletes by element id', async () => {
    const drawn = (await json('vault_draw_on_canvas', {
      canvas: 'Ideas',
      elements: [
        { ref: 'a', type: 'rectangle', text: 'Start', x: 0, y: 0 },
        { ref: 'b', type: 'ellipse', text: 'End', x: 400, y: 0 },
        { type: 'arrow', from: 'a', to: 'b' },
      ],
    })) as { created: { ref?: string; id: string }[]; element_count: number };
    expect(drawn.element_count).toBe(3);
    const [a, b, arrow] = drawn.created;
    const scene = await elements('Ideas');
    expect(scene.find((e) => e.id === arrow!.id)).toMatchObject({
      type: 'arrow',
      startBinding: a!.id,
      endBinding: b!.id,
    });
    expect(v.asked.at(-1)).toMatchObject({
      tool: 'vault_draw_on_canvas',
      summary: 'Draw 3 element(s) on canvas Ideas',
    });

    const edited = await json('vault_edit_canvas_elements', {
      canvas: 'Ideas',
      changes: [{ id: a!.id, text: 'Begin' }],
      delete_ids: [b!.id],
    });
    expect(edited).toMatchObject({ updated: [a!.id], deleted: [b!.id], element_count: 2 });
    expect(v.asked.at(-1)).toMatchObject({
      destructive: true,
      diff: expect.stringContaining('"Start" + "Begin"'),
    });
    const after = await elements('Ideas');
    expect(after.find((e) => e.id === arrow!.id)).toMatchObject({ startBinding: a!.id, endBinding: null });
    const read = (await json('vault_read_canvas', { id: 'Ideas' })) as { texts: { text: string }[] };
    expect(read.texts.map((t) => t.text)).toEqual(['Begin']);
  });

  it('refuses unknown bindings and element ids naming the argument, changing nothing', async () => {
    expect(
      await call('vault_draw_on_canvas', { canvas: 'Ideas', elements: [{ type: 'arrow', from: 'ghost' }] }),
    ).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'elements[0].from' },
    });
    expect(
      await call('vault_draw_on_canvas', { canvas: 'Ideas', elements: [{ type: 'rectangle', to: 'x' }] }),
    ).toMatchObject({
      ok: false,
      error: { field: 'elements[0].to' },
    });
    expect(
      await call('vault_edit_canvas_elements', { canvas: 'Ideas', delete_ids: ['ghost'] }),
    ).toMatchObject({
      ok: false,
      error: { field: 'delete_ids[0]' },
    });
    expect(await call('vault_edit_canvas_elements', { canvas: 'Ideas' })).toMatchObject({
      ok: false,
      error: { field: 'changes' },
    });
    expect(await elements('Ideas')).toEqual([]);
  });

  it('adds a card for a task, titled, and refuses a missing entity', async () => {
    const task = (await json('vault_create_task', { title: 'Ship it' })) as { id: string };
    const added = (await json('vault_add_canvas_item', {
      canvas: 'Ideas',
      entity_type: 'task',
      entity_id: task.id,
    })) as { element_id: string };
    const read = (await json('vault_read_canvas', { id: 'Ideas' })) as { items: unknown[] };
    expect(read.items).toEqual([
      { element_id: added.element_id, entity_type: 'task', entity_id: task.id, title: 'Ship it' },
    ]);
    expect(
      await call('vault_add_canvas_item', { canvas: 'Ideas', entity_type: 'project', entity_id: 'nope' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', field: 'entity_id' },
    });
  });

  it('a denied drawing changes nothing', async () => {
    v.answer.next = 'deny';
    expect(
      await call('vault_draw_on_canvas', { canvas: 'Ideas', elements: [{ type: 'text', text: 'x' }] }),
    ).toMatchObject({
      ok: false,
      error: { code: 'APPROVAL_DENIED' },
    });
    v.answer.next = 'once';
    expect(await elements('Ideas')).toEqual([]);
  });
});
