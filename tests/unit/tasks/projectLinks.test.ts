import { beforeEach, describe, expect, it } from 'vitest';
import {
  type LinkChanges,
  linkedCounts,
  linkProjectItem,
  type ProjectLinkPort,
  type ProjectLinkRecord,
  projectLinkId,
  setProjectLinkPinned,
  sortProjectLinks,
  unlinkProjectItem,
} from '../../../src/worker/domain/tasks/projects/projectLinks';
import { createProject } from '../../../src/worker/domain/tasks/projects/projectOps';
import { MemoryVault } from './memoryVault';

let v: MemoryVault;
let projectId: string;
const stored = new Map<string, ProjectLinkRecord>();
const items = new Set(['note:n1', 'file:f1', 'event:e1', 'note:n2']);
const port: ProjectLinkPort = {
  getLink: async (id) => stored.get(id) ?? null,
  itemExists: async (type, id) => items.has(`${type}:${id}`),
};
function apply(r: { ok: true; value: LinkChanges } | { ok: false }) {
  if (!r.ok) throw new Error('refused');
  for (const l of r.value.links) stored.set(l.id, l);
  for (const d of r.value.deletedLinks) stored.delete(d.id);
  return r.value;
}

beforeEach(async () => {
  stored.clear();
  v = await MemoryVault.withInbox();
  projectId = v.must(await createProject(v.ctx, { name: 'Work' })).projects[0]!.id;
});

describe('project links', () => {
  it('link, link again (no-op), pin (ticks the clock), unlink (dominating tombstone)', async () => {
    const input = { projectId, itemType: 'note' as const, itemId: 'n1' };
    const first = apply(await linkProjectItem(v.ctx, port, input));
    expect(first.links[0]).toMatchObject({ pinned: false, clock: { devA: 1 } });
    expect(apply(await linkProjectItem(v.ctx, port, input)).links).toEqual([]);
    const pinned = apply(await setProjectLinkPinned(v.ctx, port, input, true)).links[0]!;
    expect(pinned).toMatchObject({ pinned: true, clock: { devA: 2 } });
    const gone = apply(await unlinkProjectItem(v.ctx, port, input));
    expect(gone.deletedLinks[0]!.clock).toEqual({ devA: 3 });
    expect(stored.size).toBe(0);
  });

  it('refuses unknown projects and items, bad types, and unlinking what is not linked', async () => {
    const noProject = await linkProjectItem(v.ctx, port, {
      projectId: 'nope',
      itemType: 'note',
      itemId: 'n1',
    });
    expect(!noProject.ok && noProject.error.field).toBe('projectId');
    const noItem = await linkProjectItem(v.ctx, port, { projectId, itemType: 'event', itemId: 'zz' });
    expect(!noItem.ok && noItem.error.field).toBe('itemId');
    const badType = await linkProjectItem(v.ctx, port, {
      projectId,
      itemType: 'task' as never,
      itemId: 'n1',
    });
    expect(!badType.ok && badType.error).toMatchObject({
      field: 'itemType',
      allowed: ['note', 'file', 'event'],
    });
    const notLinked = await unlinkProjectItem(v.ctx, port, { projectId, itemType: 'note', itemId: 'n1' });
    expect(!notLinked.ok && notLinked.error.code).toBe('NOT_FOUND');
    expect(stored.size).toBe(0);
  });

  it('ids cannot collide across parts; counts and order', async () => {
    expect(projectLinkId('a|note', 'file', 'b')).not.toBe(projectLinkId('a', 'note', 'file|b'));
    for (const [itemType, itemId] of [
      ['note', 'n1'],
      ['note', 'n2'],
      ['file', 'f1'],
      ['event', 'e1'],
    ] as const) {
      v.nowMs += 1000;
      apply(await linkProjectItem(v.ctx, port, { projectId, itemType, itemId }));
    }
    apply(await setProjectLinkPinned(v.ctx, port, { projectId, itemType: 'note', itemId: 'n1' }, true));
    const links = [...stored.values()];
    expect(linkedCounts(links)).toEqual({ notes: 2, files: 1, events: 1 });
    expect(sortProjectLinks(links).map((l) => l.itemId)).toEqual(['n1', 'e1', 'f1', 'n2']);
  });
});
