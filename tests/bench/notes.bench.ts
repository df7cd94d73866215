import 'fake-indexeddb/auto';
import { loadavg } from 'node:os';
import * as Y from 'yjs';
import { ChangeFeed } from '../../src/worker/changes/changeFeed';
import { openVaultDb } from '../../src/worker/db/schema';
import { startSearchIndexer } from '../../src/worker/indexing/searchIndexer';
import { electLeader } from '../../src/worker/leader';
import { createNoteBodies } from '../../src/worker/stores/noteBodies';
import { createNotesStore } from '../../src/worker/stores/notesStore';
import type { BenchRow } from './types';

/**
 * The write cost of a large note (issue 3): one keystroke-sized Yjs update applied to a 1 MB
 * note through the editor's path (`NoteBodies.applyUpdate`, what `VaultApi.pushNoteUpdate`
 * calls), in Node over fake-indexeddb with the note stores, the link index and the search
 * indexer wired as openVault wires them (openVault itself needs Vite's env for sync). Two figures per keystroke: the write itself (what the editor waits
 * for), and the write plus the work it sets off in the same worker (search re-indexing of the
 * note), which delays the next request as surely. Then the cost of bringing the derived data
 * (row fields, links, search) up to date after a pause. fake-indexeddb is not Chromium's
 * IndexedDB: compare before/after, not with browser figures.
 */
const KEYSTROKES = 60;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

const locks = {
  request: (_n: string, _o: unknown, cb: () => Promise<unknown>) => cb(),
} as unknown as LockManager;

export default async function notesBench(): Promise<BenchRow[]> {
  let n = 0;
  const db = openVaultDb(`notes-bench-${Date.now()}`);
  await db.open();
  const feed = new ChangeFeed('bench', null);
  const services = {
    vaultId: 'bench',
    db,
    feed,
    now: () => Date.now(),
    newId: () => `b${++n}`,
    deviceId: 'd',
  };
  const bodies = createNoteBodies(services, null);
  const vault = { bodies, notes: createNotesStore({ ...services, bodies }) };
  const search = await startSearchIndexer({
    db,
    leader: electLeader(locks, 'bench'),
    channel: null,
    subscribe: (l) => feed.subscribe(l),
    now: () => Date.now(),
  });
  await search.settled();
  // one link and one tag every 50 lines (about 260 links), the rest plain prose
  const line = 'A paragraph of an unusually long note, with words enough to fill a megabyte.\n';
  const block = `${line.repeat(49)}See [[Other note]] and #topic here.\n`;
  const markdown = `# Large\n${block.repeat(Math.ceil(1_048_576 / block.length))}`;
  const created = await vault.notes.create({ title: 'Large', markdown });
  if (!created.ok) throw new Error(created.error.message);
  const id = created.value.id;
  await search.settled();

  // the editor's replica, as createNoteDoc keeps it
  const opened = await vault.bodies.open(id);
  if (!opened.ok) throw new Error(opened.error.message);
  const doc = new Y.Doc();
  Y.applyUpdate(doc, opened.value, 'remote');
  const text = doc.getText('markdown');
  let last: Uint8Array | null = null;
  doc.on('update', (u: Uint8Array, origin: unknown) => {
    if (origin !== 'remote') last = u;
  });
  const keystroke = (i: number) => {
    text.insert(500_000 + i, 'x');
    const u = last!;
    last = null;
    return u;
  };

  const write: number[] = [];
  const withIndexing: number[] = [];
  for (let i = 0; i < KEYSTROKES; i++) {
    const u = keystroke(i);
    const t = performance.now();
    const res = await vault.bodies.applyUpdate(id, u);
    if (!res.ok) throw new Error(res.error.message);
    write.push(performance.now() - t);
    // the search indexer reacts to the committed change on later tasks
    await new Promise((r) => setTimeout(r, 0));
    await search.settled();
    withIndexing.push(performance.now() - t);
  }
  const settleStart = performance.now();
  await vault.bodies.settleDerived();
  await search.settled();
  const settle = performance.now() - settleStart;
  await db.delete();

  write.sort((a, b) => a - b);
  withIndexing.sort((a, b) => a - b);
  const load = loadavg()[0]!.toFixed(1);
  const note = `${KEYSTROKES} keystrokes, Node + fake-indexeddb, load ${load}`;
  return [
    {
      group: 'notes',
      name: '1 MB note: keystroke write p50',
      value: percentile(write, 0.5),
      unit: 'ms',
      note,
    },
    {
      group: 'notes',
      name: '1 MB note: keystroke write p95',
      value: percentile(write, 0.95),
      unit: 'ms',
      note,
    },
    {
      group: 'notes',
      name: '1 MB note: keystroke write + work it sets off, p50',
      value: percentile(withIndexing, 0.5),
      unit: 'ms',
      note,
    },
    {
      group: 'notes',
      name: '1 MB note: keystroke write + work it sets off, p95',
      value: percentile(withIndexing, 0.95),
      unit: 'ms',
      note,
    },
    {
      group: 'notes',
      name: '1 MB note: derived data brought up to date after a pause',
      value: settle,
      unit: 'ms',
      note: 'row fields, links, search re-index of the note; once per pause in typing',
    },
  ];
}
