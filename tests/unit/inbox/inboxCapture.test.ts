import { base64 } from '@scure/base';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TRANSCRIPTION_UNAVAILABLE } from '../../../src/worker/domain/inbox/captureItem';
import { parseLinkPreview } from '../../../src/worker/domain/inbox/linkPreview';
import { suggestTargets } from '../../../src/worker/domain/inbox/suggestions';
import { createRegistry } from '../../../src/worker/ops/registry';
import { inboxOperations } from '../../../src/worker/planning/inbox';
import type { NetPort } from '../../../src/worker/planning/inbox/inboxAssistOperations';
import { createTaskStore } from '../../../src/worker/planning/tasks/taskStore';
import { openTestVault, value } from '../planning/harness';
import { inboxRegistry } from './inboxRegistry';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const PDF = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
const b64 = (b: Uint8Array) => base64.encode(b);

function fakeNet(answer: (url: string) => Promise<Response>, online = true): NetPort & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    online: () => online,
    fetchPage: (url) => {
      calls.push(url);
      return answer(url);
    },
  };
}
const html = (body: string) =>
  new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } });

describe('inbox captures beyond text and link', () => {
  let v: Awaited<ReturnType<typeof openTestVault>>;
  let net: ReturnType<typeof fakeNet>;
  let registry: ReturnType<typeof createRegistry>;
  beforeEach(async () => {
    v = await openTestVault();
    net = fakeNet(async () => html('<html><head><title>Fallback</title></head></html>'));
    registry = inboxRegistry(v.services, net, 'no notes here');
  });
  afterEach(() => v.close());
  const ui = { caller: { kind: 'ui' } } as const;
  const read = (op: string, ...args: unknown[]) => registry.read(op, args, ui);
  const write = (op: string, ...args: unknown[]) =>
    registry.write(op, args, { ...ui, approve: async () => 'once' });

  it('keeps an image whole and gives it back; deleting the item deletes the file', async () => {
    const { id } = value<{ id: string }>(
      await write('inbox.captureImage', {
        data: b64(PNG),
        mimeType: 'image/png',
        name: 'shot.png',
        tags: ['ideas'],
      }),
    );
    const item = value<{
      type: string;
      title: string;
      attachmentPath: string;
      metadata: Record<string, string>;
    }>(await read('inbox.get', id));
    expect(item).toMatchObject({ type: 'image', title: 'shot.png', attachmentPath: `inbox/${id}/shot.png` });
    expect(item.metadata).toMatchObject({ mimeType: 'image/png', size: String(PNG.length) });
    const file = value<{ data: string; mimeType: string }>(await read('inbox.getAttachment', id));
    expect(file.mimeType).toBe('image/png');
    expect(base64.decode(file.data)).toEqual(PNG);
    value(await write('inbox.deletePermanent', id));
    expect(await v.db.blobs.count()).toBe(0);
  });

  it('refuses a file that is not what it claims, and writes nothing', async () => {
    const notPdf = await write('inbox.capturePdf', { data: b64(PNG), mimeType: 'application/pdf' });
    expect(notPdf.ok || notPdf.error).toMatchObject({ code: 'VALIDATION', field: 'args[0].data' });
    const wrongType = await write('inbox.captureImage', { data: b64(PDF), mimeType: 'application/pdf' });
    expect(wrongType.ok || wrongType.error).toMatchObject({ code: 'VALIDATION', field: 'args[0].mimeType' });
    const notBase64 = await write('inbox.captureImage', { data: '***', mimeType: 'image/png' });
    expect(notBase64.ok || notBase64.error).toMatchObject({ code: 'VALIDATION', field: 'args[0].data' });
    expect(await v.db.inbox.count()).toBe(0);
    expect(await v.db.blobs.count()).toBe(0);
    value(await write('inbox.capturePdf', { data: b64(PDF), mimeType: 'application/pdf' }));
    expect((await v.db.inbox.toArray())[0]).toMatchObject({ type: 'pdf' });
  });

  it('keeps a voice recording, says no model ships, and explains a retry', async () => {
    const audio = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 9, 9]);
    const { id, transcriptionStatus } = value<{ id: string; transcriptionStatus: string }>(
      await write('inbox.captureVoice', {
        data: b64(audio),
        mimeType: 'audio/webm;codecs=opus',
        durationMs: 2300,
      }),
    );
    expect(transcriptionStatus).toBe(TRANSCRIPTION_UNAVAILABLE);
    const retry = await write('inbox.retryTranscription', id);
    expect(retry.ok || retry.error.code).toBe('UNAVAILABLE');
    expect(retry.ok || retry.error.message).toMatch(/no speech-to-text model ships/);
    expect(base64.decode(value<{ data: string }>(await read('inbox.getAttachment', id)).data)).toEqual(audio);
    const text = value<{ id: string }>(await write('inbox.captureText', { text: 'hi' }));
    const notVoice = await write('inbox.retryTranscription', text.id);
    expect(notVoice.ok || notVoice.error.code).toBe('VALIDATION');
  });

  it('captures a clip with its page address and title', async () => {
    const { id } = value<{ id: string }>(
      await write('inbox.captureClip', {
        text: 'A quoted line',
        url: 'https://ex.test/a',
        pageTitle: 'An article',
      }),
    );
    expect(value(await read('inbox.get', id))).toMatchObject({
      type: 'clip',
      title: 'An article',
      content: 'A quoted line',
      sourceUrl: 'https://ex.test/a',
      sourceTitle: 'An article',
    });
  });

  it('fills a link’s preview from the page, and records why when it cannot', async () => {
    net = fakeNet(async () =>
      html(
        '<head><meta property="og:title" content="Caf&eacute; &amp; Co"><meta name="description" content="Good  coffee"><meta property="og:image" content="/i.png"></head>',
      ),
    );
    const refuse = async () => ({ ok: false as const, error: { code: 'VALIDATION', message: 'no' } });
    registry = createRegistry(
      inboxOperations(
        v.services,
        createTaskStore(v.services, 'UTC'),
        { create: refuse, attach: refuse, append: refuse, remove: async () => {} },
        net,
      ),
    );
    const { id } = value<{ id: string }>(await write('inbox.captureLink', { url: 'https://cafe.test/menu' }));
    const done = value<{ title: string; description: string }>(await write('inbox.retryMetadata', id));
    expect(done).toMatchObject({
      title: 'Caf&eacute; & Co',
      description: 'Good coffee',
      processingStatus: 'complete',
    });
    expect((await v.db.inbox.get(id))?.metadata?.image).toBe('https://cafe.test/i.png');

    net.fetchPage = async () => {
      throw new TypeError('Failed to fetch');
    };
    const titled = value<{ id: string }>(
      await write('inbox.captureLink', { url: 'https://blocked.test/', title: 'Mine' }),
    );
    const failed = value<{ title: string; processingStatus: string; processingError: string }>(
      await write('inbox.retryMetadata', titled.id),
    );
    expect(failed).toMatchObject({ title: 'Mine', processingStatus: 'failed' });
    expect(failed.processingError).toMatch(/cross-origin/);
  });

  it('suggests folders and projects sharing words or tags with the item', async () => {
    await v.db.folders.bulkPut([
      { path: 'Projects', parent: '', name: 'Projects', position: 0, created: 0 },
      { path: 'Projects/Garden', parent: 'Projects', name: 'Garden', position: 0, created: 0 },
    ]);
    value(await v.write('tasks.createProject', { name: 'Cairn release' }));
    const { id } = value<{ id: string }>(
      await write('inbox.captureText', { text: 'Plant tomatoes in the garden', tags: ['cairn'] }),
    );
    const { suggestions } = value<{ suggestions: { kind: string; name: string; score: number }[] }>(
      await read('inbox.getSuggestions', id),
    );
    expect(suggestions.map((s) => [s.kind, s.name, s.score])).toEqual([
      ['project', 'Cairn release', 3],
      ['folder', 'Projects/Garden', 1],
    ]);
  });
});

describe('pure rules', () => {
  it('parseLinkPreview prefers Open Graph, falls back to <title>, resolves the image', () => {
    expect(
      parseLinkPreview(
        '<title> A  &amp; B </title><meta content="x" name="twitter:description">',
        'https://s.test/p',
      ),
    ).toEqual({
      title: 'A & B',
      description: 'x',
      siteName: null,
      image: null,
    });
    expect(
      parseLinkPreview("<meta property='og:image' content='//cdn.test/a.png'>", 'https://s.test/').image,
    ).toBe('https://cdn.test/a.png');
  });

  it('suggestTargets: a tag equal to the whole name wins; nothing shared, nothing suggested', () => {
    const targets = [
      { kind: 'folder' as const, id: 'Work/Notes', name: 'Work/Notes' },
      { kind: 'project' as const, id: 'p', name: 'Notes' },
    ];
    const item = { title: 'x', content: null, sourceUrl: null, tags: ['work/notes'] };
    expect(suggestTargets(item, targets).map((s) => [s.id, s.score])).toEqual([
      ['Work/Notes', 11],
      ['p', 3],
    ]);
    expect(suggestTargets({ ...item, tags: [] }, targets)).toEqual([]);
  });
});
