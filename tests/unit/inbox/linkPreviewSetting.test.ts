import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { createRegistry } from '../../../src/worker/ops/registry';
import type { NetPort } from '../../../src/worker/planning/inbox/inboxAssistOperations';
import { createSettingsStore } from '../../../src/worker/settings/settingsStore';
import { openTestVault, value } from '../planning/harness';
import { inboxRegistry } from './inboxRegistry';

describe('inbox.fetchLinkPreviews', () => {
  let v: Awaited<ReturnType<typeof openTestVault>>;
  let calls: string[];
  let registry: ReturnType<typeof createRegistry>;
  beforeEach(async () => {
    v = await openTestVault();
    calls = [];
    const net: NetPort = {
      online: () => true,
      fetchPage: async (url) => {
        calls.push(url);
        return new Response('<title>Page</title>', { headers: { 'content-type': 'text/html' } });
      },
    };
    registry = inboxRegistry(v.services, net);
  });
  afterEach(() => v.close());
  const ui = { caller: { kind: 'ui' } } as const;
  const write = (op: string, ...args: unknown[]) =>
    registry.write(op, args, { ...ui, approve: async () => 'once' });

  it('off: no page is fetched, the link keeps its plain form and nothing changes', async () => {
    value(await createSettingsStore(v.services).setGroup('inbox', { fetchLinkPreviews: false }));
    const { id } = value<{ id: string }>(await write('inbox.captureLink', { url: 'https://cafe.test/menu' }));
    const before = await v.db.inbox.get(id);
    const retry = await write('inbox.retryMetadata', id);
    expect(retry.ok).toBe(false);
    if (!retry.ok)
      expect(retry.error).toMatchObject({ code: 'UNAVAILABLE', field: 'inbox.fetchLinkPreviews' });
    const preview = value<{ available: boolean; title: null }>(
      await registry.read('inbox.previewLink', ['https://cafe.test/menu'], ui),
    );
    expect(preview).toMatchObject({ available: false, title: null });
    expect(calls).toEqual([]);
    expect(await v.db.inbox.get(id)).toEqual(before);
  });

  it('on (the default): the page is fetched', async () => {
    const { id } = value<{ id: string }>(await write('inbox.captureLink', { url: 'https://cafe.test/menu' }));
    expect(value<{ title: string }>(await write('inbox.retryMetadata', id)).title).toBe('Page');
    expect(calls).toEqual(['https://cafe.test/menu']);
  });
});
