import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CanvasElement } from '../../../src/worker/domain/canvas/canvasElement';
import { openTestVault, value } from './harness';

/**
 * Journal and canvas writes tick the record's vector clock under THIS device on every path
 * (create, update, delete's tombstone), keeping the entries other devices wrote: the merge rules
 * of the sync engine (remote wins only when its clock is not behind) depend on it.
 */
const rect: CanvasElement = { id: 'r', type: 'rectangle', x: 0, y: 0, width: 100, height: 50 };

describe('journal and canvas writes tick clocks under this device', () => {
  let v: Awaited<ReturnType<typeof openTestVault>>;
  beforeEach(async () => {
    v = await openTestVault('devZ');
  });
  afterEach(() => v.close());

  it('journal: create starts at 1, update ticks over a clock another device wrote, delete ticks the tombstone', async () => {
    value(await v.write('journal.createEntry', { date: '2026-11-20', content: 'first' }));
    expect((await v.db.journal.get('j2026-11-20'))?.clock).toEqual({ devZ: 1 });
    // as if another device's edit had been applied since
    await v.db.journal.update('j2026-11-20', { clock: { devB: 4, devZ: 1 } });
    value(await v.write('journal.updateEntry', '2026-11-20', { content: 'second' }));
    expect((await v.db.journal.get('j2026-11-20'))?.clock).toEqual({ devB: 4, devZ: 2 });
    // delete (to the Trash) ticks the record; delete forever ticks it once more into the tombstone
    value(await v.write('journal.deleteEntry', '2026-11-20'));
    expect((await v.db.journal.get('j2026-11-20'))?.clock).toEqual({ devB: 4, devZ: 3 });
    await v.items.journal.purge(['2026-11-20']);
    expect(await v.db.journal.get('j2026-11-20')).toBeUndefined();
    expect((await v.db.tombstones.get('j2026-11-20'))?.clock).toEqual({ devB: 4, devZ: 4 });
  });

  it('journal: an update that changes nothing leaves the clock alone', async () => {
    value(await v.write('journal.createEntry', { date: '2026-11-19', content: 'same' }));
    value(await v.write('journal.updateEntry', '2026-11-19', { content: 'same' }));
    expect((await v.db.journal.get('j2026-11-19'))?.clock).toEqual({ devZ: 1 });
  });

  it('canvas: create starts at 1, each saved scene ticks, delete (to the Trash) ticks the record', async () => {
    const c = value<{ id: string }>(await v.write('canvas.create', { title: 'Plan' }));
    expect((await v.db.canvases.get(c.id))?.clock).toEqual({ devZ: 1 });
    await v.db.canvases.update(c.id, { clock: { devB: 7, devZ: 1 } });
    value(await v.write('canvas.saveScene', c.id, [rect]));
    expect((await v.db.canvases.get(c.id))?.clock).toEqual({ devB: 7, devZ: 2 });
    value(await v.write('canvas.saveScene', 'Plan', [{ ...rect, x: 10 }]));
    expect((await v.db.canvases.get(c.id))?.clock).toEqual({ devB: 7, devZ: 3 });
    value(await v.write('canvas.delete', c.id));
    expect((await v.db.canvases.get(c.id))?.clock).toEqual({ devB: 7, devZ: 4 });
  });
});
