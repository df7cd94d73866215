import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitsForOnline } from '../../../src/ui/planning/inbox/offlinePreviews';
import { PREVIEW_OFFLINE } from '../../../src/worker/domain/inbox/linkPreview';
import type { createRegistry } from '../../../src/worker/ops/registry';
import type { NetPort } from '../../../src/worker/planning/inbox/inboxAssistOperations';
import { openTestVault, value } from '../planning/harness';
import { inboxRegistry } from './inboxRegistry';

/** Issue 5 part 4: "link preview when online and a plain fallback when not". */
describe('a link captured offline', () => {
  let v: Awaited<ReturnType<typeof openTestVault>>;
  let online = false;
  const calls: string[] = [];
  let registry: ReturnType<typeof createRegistry>;
  beforeEach(async () => {
    v = await openTestVault();
    online = false;
    calls.length = 0;
    const net: NetPort = {
      online: () => online,
      fetchPage: async (url) => {
        calls.push(url);
        return new Response('<head><title>The menu</title><meta name="description" content="Soup"></head>', {
          headers: { 'content-type': 'text/html' },
        });
      },
    };
    registry = inboxRegistry(v.services, net);
  });
  afterEach(() => v.close());
  const ui = { caller: { kind: 'ui' } } as const;
  const write = (op: string, ...args: unknown[]) =>
    registry.write(op, args, { ...ui, approve: async () => 'once' });
  type Entry = { id: string; type: string; title: string; processingError: string | null };
  const listed = async () => value<{ items: Entry[] }>(await registry.read('inbox.list', [{}], ui)).items[0]!;

  it('keeps its plain URL without fetching, says why in the list, and is previewed once online', async () => {
    const { id } = value<{ id: string }>(await write('inbox.captureLink', { url: 'https://cafe.test/menu' }));
    const offline = value<{ processingStatus: string; processingError: string }>(
      await write('inbox.retryMetadata', id),
    );
    expect(calls).toEqual([]);
    expect(offline).toMatchObject({
      processingStatus: 'failed',
      processingError: `no preview: ${PREVIEW_OFFLINE}`,
    });
    const plain = await listed();
    expect(plain).toMatchObject({
      title: 'cafe.test/menu',
      processingError: `no preview: ${PREVIEW_OFFLINE}`,
    });
    expect(waitsForOnline(plain)).toBe(true);

    online = true;
    const done = value<{ title: string; description: string }>(await write('inbox.retryMetadata', id));
    expect(calls).toEqual(['https://cafe.test/menu']);
    expect(done).toMatchObject({ title: 'The menu', description: 'Soup', processingStatus: 'complete' });
    const previewed = await listed();
    expect(previewed.processingError).toBeNull();
    expect(waitsForOnline(previewed)).toBe(false);
  });

  it('only links wait for the network: another failure or another type does not', () => {
    expect(waitsForOnline({ type: 'link', processingError: 'no preview: the page answered HTTP 404' })).toBe(
      false,
    );
    expect(waitsForOnline({ type: 'link', processingError: null })).toBe(false);
    expect(waitsForOnline({ type: 'clip', processingError: `no preview: ${PREVIEW_OFFLINE}` })).toBe(false);
  });
});
