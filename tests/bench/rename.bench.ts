import 'fake-indexeddb/auto';
import { loadavg } from 'node:os';
import { ChangeFeed } from '../../src/worker/changes/changeFeed';
import { openVaultDb } from '../../src/worker/db/schema';
import { createNoteBodies } from '../../src/worker/stores/noteBodies';
import { createNotesStore } from '../../src/worker/stores/notesStore';
import type { BenchRow } from './types';

/**
 * Rename keeps links (issue 17, part 3): renaming a note that 1,000 notes link to rewrites 1,000
 * bodies through their CRDT texts in one transaction. In Node over fake-indexeddb with the note
 * stores wired as openVault wires them. The floor, measured in the same run: the same rename with
 * link rewriting turned off (the header change and the re-resolution of the 1,000 link rows).
 */
const BACKLINKS = 1000;

export default async function renameBench(): Promise<BenchRow[]> {
  let n = 0;
  const db = openVaultDb(`rename-bench-${Date.now()}`);
  await db.open();
  const feed = new ChangeFeed('bench', null);
  const services = {
    vaultId: 'bench',
    db,
    feed,
    now: () => Date.now(),
    newId: () => `r${++n}`,
    deviceId: 'd',
  };
  const bodies = createNoteBodies(services, null);
  let rewrite = true;
  const notes = createNotesStore({ ...services, bodies, updateLinksOnRename: async () => rewrite });
  const hub = await notes.create({ title: 'Hub', markdown: '# Hub\n' });
  if (!hub.ok) throw new Error(hub.error.message);
  const para = 'Some prose around the link, as a real note has.\n'.repeat(20);
  const items = Array.from({ length: BACKLINKS }, (_, i) => ({
    kind: 'markdown' as const,
    title: `Note ${i}`,
    folderPath: `F${i % 10}`,
    markdown: `${para}See [[Hub]] and [[Hub#Hub|the hub]].\n${para}`,
  }));
  const made = await notes.insertMany(items);
  if (!made.ok) throw new Error(made.error.message);

  const time = async (title: string) => {
    const t0 = performance.now();
    const r = await notes.rename(hub.value.id, title);
    if (!r.ok) throw new Error(r.error.message);
    return performance.now() - t0;
  };
  rewrite = false;
  await time('Hub floor'); // warm-up: loads the resolver and the stores
  const floor = await time('Hub');
  rewrite = true;
  const ms = await time('Hub renamed');
  const sample = await db.bodies.get(made.value[0]?.id ?? '');
  if (!sample?.markdown.includes('[[Hub renamed|the hub]]'.replace('|the hub', '#Hub|the hub'))) {
    throw new Error('the rename did not rewrite the backlinks');
  }
  const load = loadavg()[0]?.toFixed(2);
  return [
    {
      group: 'rename',
      name: `rename with ${BACKLINKS} backlinks rewritten`,
      value: ms,
      unit: 'ms',
      target: '< 1000 ms',
      ok: ms < 1000,
      note: `fake-indexeddb in Node; load ${load}`,
    },
    {
      group: 'rename',
      name: `floor: same rename, rewriting off (${BACKLINKS} rows re-resolved)`,
      value: floor,
      unit: 'ms',
    },
  ];
}
