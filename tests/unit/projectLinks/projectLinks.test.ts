import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { value } from '../planning/harness';
import { openTagVault } from '../tags/tagVault';

interface Listed {
  links: { itemType: string; itemId: string; pinned: boolean; title: string | null }[];
  linked_counts: { notes: number; files: number; events: number };
}

describe('project links', () => {
  let v: Awaited<ReturnType<typeof openTagVault>>;
  beforeEach(async () => {
    v = await openTagVault();
  });
  afterEach(() => v.close());

  // The Inbox project is made by the task store's first call: a project page opened first on a
  // new vault reads its links before anything else (the phone e2e showed "project inbox does
  // not exist" there), and a web link may be the first write.
  it('a new vault: the Inbox project’s links are read before any other task call', async () => {
    expect(value<Listed>(await v.read('tasks.listProjectLinks', 'inbox')).links).toEqual([]);
  });

  it('a new vault: a web link captured into the Inbox project is its first task call', async () => {
    const made = value<{ noteId: string }>(
      await v.write('tasks.captureUrlToProject', 'inbox', 'https://a.example/p', { preview: false }),
    );
    const listed = value<Listed>(await v.read('tasks.listProjectLinks', 'inbox'));
    expect(listed.links.map((l) => l.itemId)).toEqual([made.noteId]);
  });

  it('links notes, counts them, pins first, unlinks; bad input changes nothing', async () => {
    const { projects } = value<{ projects: { id: string }[] }>(
      await v.write('tasks.createProject', { name: 'Garden' }),
    );
    const projectId = projects[0]!.id;
    const a = await v.note('Seeds', 'list');
    v.clock.ms += 1000;
    const b = await v.note('Beds', 'plan');
    const linkOf = (itemId: string) => ({ projectId, itemType: 'note', itemId });
    value(await v.write('tasks.linkProjectItem', linkOf(a)));
    v.clock.ms += 1000;
    value(await v.write('tasks.linkProjectItem', linkOf(b)));
    value(await v.write('tasks.linkProjectItem', linkOf(b))); // twice: still one link

    const list = async () => value<Listed>(await v.read('tasks.listProjectLinks', projectId));
    expect((await list()).links.map((l) => l.title)).toEqual(['Beds', 'Seeds']);
    expect((await list()).linked_counts).toEqual({ notes: 2, files: 0, events: 0 });
    const entry = value<{ projects: { id: string; linked_counts: unknown }[] }>(
      await v.read('tasks.listProjects'),
    ).projects.find((p) => p.id === projectId);
    expect(entry?.linked_counts).toEqual({ notes: 2, files: 0, events: 0 });

    value(await v.write('tasks.setProjectLinkPinned', linkOf(a), true));
    expect((await list()).links.map((l) => [l.title, l.pinned])).toEqual([
      ['Seeds', true],
      ['Beds', false],
    ]);

    const missing = await v.write('tasks.linkProjectItem', linkOf('nope'));
    expect(missing.ok || missing.error.field).toBe('itemId');
    const asFile = await v.write('tasks.linkProjectItem', { projectId, itemType: 'file', itemId: a });
    expect(asFile.ok).toBe(false);
    const noProject = await v.write('tasks.linkProjectItem', { projectId: 'x', itemType: 'note', itemId: a });
    expect(noProject.ok || noProject.error.field).toBe('projectId');
    expect((await list()).links).toHaveLength(2);

    value(await v.write('tasks.unlinkProjectItem', linkOf(b)));
    expect((await list()).links.map((l) => l.title)).toEqual(['Seeds']);
    expect(await v.db.tombstones.where('kind').equals('projectLink').count()).toBe(1);
  });

  it('deleting a project keeps its links in the Trash; deleting it for good deletes them', async () => {
    const { projects } = value<{ projects: { id: string }[] }>(
      await v.write('tasks.createProject', { name: 'P' }),
    );
    const projectId = projects[0]!.id;
    const n = await v.note('N', '');
    value(await v.write('tasks.linkProjectItem', { projectId, itemType: 'note', itemId: n }));
    // the links wait in the Trash with the project (docs/trash.md); delete forever tombstones them
    value(await v.write('tasks.deleteProject', projectId));
    expect(await v.db.projectLinks.count()).toBe(1);
    await v.items.project.purge([projectId]);
    expect(await v.db.projectLinks.count()).toBe(0);
    expect(await v.db.tombstones.where('kind').equals('projectLink').count()).toBe(1);
  });
});
