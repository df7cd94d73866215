import { describe, expect, it } from 'vitest';
import { type ChangeBatch, ChangeFeed } from '../../../src/worker/changes/changeFeed';

describe('change feed', () => {
  it('delivers a committed batch to local listeners and to the other tabs, which mark it as from a tab', () => {
    const a = new BroadcastChannel('feed-test');
    const b = new BroadcastChannel('feed-test');
    const feedA = new ChangeFeed('v1', a);
    const feedB = new ChangeFeed('v1', b);
    const local: ChangeBatch[] = [];
    feedA.subscribe((x) => local.push(x));
    const remote = new Promise<ChangeBatch>((resolve) => feedB.subscribe(resolve));
    feedA.committed([
      { table: 'notes', op: 'put', ids: ['n1'] },
      { table: 'folders', op: 'put', ids: [] },
    ]);
    expect(local).toEqual([
      { vaultId: 'v1', origin: 'local', changes: [{ table: 'notes', op: 'put', ids: ['n1'] }] },
    ]);
    return remote.then((batch) => {
      expect(batch).toEqual({
        vaultId: 'v1',
        origin: 'tab',
        changes: [{ table: 'notes', op: 'put', ids: ['n1'] }],
      });
      feedA.close();
      feedB.close();
    });
  });

  it('ignores batches of another vault and announces nothing for an empty change set', () => {
    const seen: ChangeBatch[] = [];
    const feed = new ChangeFeed('v1', null);
    feed.subscribe((x) => seen.push(x));
    feed.committed([{ table: 'notes', op: 'delete', ids: [] }]);
    expect(seen).toEqual([]);
  });
});
