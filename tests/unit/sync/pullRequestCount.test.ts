import { describe, expect, it } from 'vitest';
import { deriveVaultKeyring, generateVaultKey } from '../../../src/sync/crypto';
import type { SyncResult } from '../../../src/sync/engine/http/syncError';
import type { CallOptions, SyncCall } from '../../../src/sync/engine/http/syncHttp';
import { CURSOR_SKIP_REPAIR, LAST_CURSOR } from '../../../src/sync/engine/pull/cursorRepair';
import { pullChanges } from '../../../src/sync/engine/pull/pullChanges';
import { CHANGES_PAGE_REFS, CHANGES_PAGE_REFS_WITH_BODIES } from '../../../src/sync/protocol/limits';
import type { ItemRef } from '../../../src/sync/protocol/pull';
import { pullDepsOver } from './syncFakes';

const VAULT = '0b6f0000-0000-4000-8000-000000000005';

/**
 * A scripted feed of `total` refs served in pages of `pageSize` (the service's rule); every item
 * answers as blobMissing, so nothing needs sealing. Counts the changes requests: the account-wide
 * `sync_changes` bucket allows 60 a minute for ALL the account's devices together.
 */
async function pullFeed(total: number, types: string[], pageSize: number) {
  const changes: number[] = [];
  const call = (async (_m: string, path: string, o?: CallOptions): Promise<SyncResult<unknown>> => {
    if (path.startsWith('/sync/changes')) {
      const from = Number(new URL(path, 'http://x').searchParams.get('cursor'));
      changes.push(from);
      const refs = Array.from({ length: Math.max(0, Math.min(pageSize, total - from)) }, (_, i) => ({
        type: 'note',
        id: `n${from + i + 1}`,
        serverCursor: from + i + 1,
        deleted: false,
        sizeBytes: 1,
        committedAtMs: null,
      }));
      return {
        ok: true,
        value: { refs, nextCursor: refs.at(-1)?.serverCursor ?? from, serverTimeMs: 0, noteBodies: [] },
      };
    }
    const asked = (o!.body as { items: ItemRef[] }).items;
    return { ok: true, value: { items: [], blobMissing: asked } };
  }) as SyncCall;
  const state = new Map<string, unknown>([[CURSOR_SKIP_REPAIR, 'done']]);
  const out = await pullChanges(
    pullDepsOver(call, deriveVaultKeyring(generateVaultKey(), VAULT), state, { types }),
  );
  return { out, changes, cursor: state.get(LAST_CURSOR) };
}

describe('changes requests per pull (sync_changes is 60 a minute per account)', () => {
  it('a page shorter than the page size ends the pull: one request, cursor at its end', async () => {
    const t = await pullFeed(3, ['note', 'note_body'], CHANGES_PAGE_REFS_WITH_BODIES);
    expect(t.out.kind).toBe('done');
    expect(t.changes).toEqual([0]);
    expect(t.cursor).toBe(3);
  });

  it('a full page asks for the next one, until a short page', async () => {
    const size = CHANGES_PAGE_REFS_WITH_BODIES;
    const t = await pullFeed(2 * size + 1, ['note', 'note_body'], size);
    expect(t.changes).toEqual([0, size, 2 * size]);
    expect(t.cursor).toBe(2 * size + 1);
  });

  it('without note bodies the page size is the larger one', async () => {
    const t = await pullFeed(CHANGES_PAGE_REFS_WITH_BODIES, ['note'], CHANGES_PAGE_REFS);
    expect(t.changes).toEqual([0]);
    expect(t.cursor).toBe(CHANGES_PAGE_REFS_WITH_BODIES);
  });

  it('an empty feed costs one request', async () => {
    const t = await pullFeed(0, ['note', 'note_body'], CHANGES_PAGE_REFS_WITH_BODIES);
    expect(t.changes).toEqual([0]);
  });
});
