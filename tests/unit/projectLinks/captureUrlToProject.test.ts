import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRegistry, type Registry } from '../../../src/worker/ops/registry';
import { notesCreator } from '../../../src/worker/planning';
import type { NetPort } from '../../../src/worker/planning/inbox/inboxAssistOperations';
import { captureUrlToProjectOperation } from '../../../src/worker/planning/tasks/captureUrlToProject';
import { createProjectLinkWriter } from '../../../src/worker/planning/tasks/projectLinkWriter';
import { createTaskStore } from '../../../src/worker/planning/tasks/taskStore';
import { createSettingsStore } from '../../../src/worker/settings/settingsStore';
import { value } from '../planning/harness';
import { openTagVault } from '../tags/tagVault';
import { fingerprint } from '../tools/fixtures/fingerprint';

const UI = { caller: { kind: 'ui' as const }, approve: async () => 'once' as const };
const PAGE =
  '<html><head><title>Growing beans</title><meta name="description" content="Sow after the frost."></head></html>';

interface Captured {
  noteId: string;
  title: string;
  link: { id: string; pinned: boolean };
  preview: { available: boolean; reason?: string; description?: string | null };
}

describe('tasks.captureUrlToProject', () => {
  let v: Awaited<ReturnType<typeof openTagVault>>;
  let net: NetPort & { calls: string[]; isOnline: boolean };
  let ops: Registry;
  let projectId: string;
  beforeEach(async () => {
    v = await openTagVault();
    const calls: string[] = [];
    net = {
      calls,
      isOnline: true,
      online: () => net.isOnline,
      fetchPage: async (url) => {
        calls.push(url);
        return new Response(PAGE, { headers: { 'content-type': 'text/html' } });
      },
    };
    const links = createProjectLinkWriter(v.services, createTaskStore(v.services, 'UTC'));
    ops = createRegistry([
      captureUrlToProjectOperation(
        v.services,
        links,
        notesCreator(v.services),
        net,
        createSettingsStore(v.services),
      ),
    ]);
    const { projects } = value<{ projects: { id: string }[] }>(
      await v.write('tasks.createProject', { name: 'Garden' }),
    );
    projectId = projects[0]!.id;
  });
  afterEach(() => v.close());
  const capture = (...args: unknown[]) => ops.write('tasks.captureUrlToProject', args, UI);
  const projectLinks = async () =>
    value<{ links: { itemType: string; itemId: string; title: string; pinned: boolean }[] }>(
      await v.read('tasks.listProjectLinks', projectId),
    ).links;

  it('online: a link note titled by the page, with its description, linked (and pinned) to the project', async () => {
    const c = value<Captured>(
      await capture(projectId, 'https://beans.example/grow', { note: 'try the purple ones', pinned: true }),
    );
    expect(net.calls).toEqual(['https://beans.example/grow']);
    expect(c.title).toBe('Growing beans');
    expect(c.preview).toMatchObject({ available: true, description: 'Sow after the frost.' });
    expect(await v.markdown(c.noteId)).toBe(
      '<https://beans.example/grow>\n\n> Sow after the frost.\n\ntry the purple ones',
    );
    expect(await projectLinks()).toEqual([
      expect.objectContaining({ itemType: 'note', itemId: c.noteId, title: 'Growing beans', pinned: true }),
    ]);
  });

  it('offline: the plain URL stands in (host and path as title); a taken title gets a number', async () => {
    net.isOnline = false;
    const first = value<Captured>(await capture(projectId, 'https://beans.example/grow'));
    expect(first.title).toBe('beans.example grow');
    expect(first.preview).toMatchObject({ available: false, reason: expect.stringContaining('offline') });
    expect(await v.markdown(first.noteId)).toBe('<https://beans.example/grow>');
    const second = value<Captured>(await capture(projectId, 'https://beans.example/grow', { folder: '' }));
    expect(second.title).toBe('beans.example grow 1');
    const noPreview = value<Captured>(
      await capture(projectId, 'https://x.example/', { preview: false, title: 'Mine', folder: 'Links' }),
    );
    expect(noPreview).toMatchObject({ title: 'Mine', preview: { available: false } });
    expect((await v.db.notes.get(noPreview.noteId))?.folderPath).toBe('Links');
    expect(net.calls).toEqual([]);
    expect((await projectLinks()).map((l) => l.title).sort()).toEqual([
      'Mine',
      'beans.example grow',
      'beans.example grow 1',
    ]);
  });

  it('with the inbox’s link previews turned off, no page is fetched: the plain URL stands in', async () => {
    value(await createSettingsStore(v.services).setGroup('inbox', { fetchLinkPreviews: false }));
    const c = value<Captured>(await capture(projectId, 'https://beans.example/grow', { note: 'later' }));
    expect(net.calls).toEqual([]);
    expect(c.title).toBe('beans.example grow');
    expect(c.preview).toMatchObject({ available: false, reason: expect.stringContaining('turned off') });
    expect(await v.markdown(c.noteId)).toBe('<https://beans.example/grow>\n\nlater');
    expect((await projectLinks()).map((l) => l.itemId)).toEqual([c.noteId]);
  });

  it('refusals change nothing and fetch nothing', async () => {
    const before = await fingerprint([v.db]);
    const cases: [unknown[], string, string][] = [
      [['nope', 'https://a.example/'], 'NOT_FOUND', 'projectId'],
      [[projectId, 'ftp://a.example/'], 'VALIDATION', 'args[1]'],
      [[projectId, 'https://a.example/', { folder: 'a//b' }], 'VALIDATION', 'options.folder'],
      [[projectId, 'https://a.example/', { folder: '.hidden' }], 'VALIDATION', 'options.folder'],
      [[projectId, 'https://a.example/', { pinned: 'yes' }], 'VALIDATION', 'args[2].pinned'],
    ];
    for (const [args, code, field] of cases) {
      const res = await capture(...args);
      expect(res.ok ? 'accepted' : [res.error.code, res.error.field], JSON.stringify(args)).toEqual([
        code,
        field,
      ]);
    }
    expect(net.calls).toEqual([]);
    expect(await fingerprint([v.db])).toEqual(before);
  });

  it('is registered with the planning operations (browser fetch), asking approval', async () => {
    const res = await v.write('tasks.captureUrlToProject', projectId, 'https://a.example/p', {
      preview: false,
    });
    expect(value<Captured>(res).title).toBe('a.example p');
    expect(v.registry.get('tasks.captureUrlToProject')?.requiresApproval).toBe(true);
  });
});
