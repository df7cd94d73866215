import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChangeFeed } from '../../../src/worker/changes/changeFeed';
import { keysWithAnyOf, rowsWithAnyOf } from '../../../src/worker/db/rowsWithAnyOf';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { headerOfRow } from '../../../src/worker/links/headerOfRow';
import {
  planLinkRewrites,
  prepareLinkRewrites,
  type RewritePlan,
} from '../../../src/worker/links/linkRewrites';
import { createNoteBodies, type NoteBodies } from '../../../src/worker/stores/noteBodies';
import { createNotesStore, type NotesStore } from '../../../src/worker/stores/notesStore';

let db: VaultDb;
let store: NotesStore;
let bodies: NoteBodies;
let n = 0;

beforeEach(async () => {
  db = openVaultDb(`link-rewrites-${++n}`);
  await db.open();
  let t = 1000;
  let id = 0;
  const services = {
    vaultId: 'v',
    db,
    feed: new ChangeFeed('v', null),
    now: () => ++t,
    newId: () => `id${++id}`,
    deviceId: 'd1',
  };
  bodies = createNoteBodies(services, null);
  store = createNotesStore({ ...services, bodies });
});
afterEach(() => db.delete());

async function make(title: string, markdown = ''): Promise<string> {
  const r = await store.create({ title, markdown });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.id;
}

/** The plan of renaming `id` to `title`, made as the rename makes it (then rolled back). */
async function planRename(id: string, title: string): Promise<RewritePlan> {
  const links = bodies.links;
  return db
    .transaction('rw', [db.notes, db.bodies, db.links], async () => {
      const row = (await db.notes.get(id))!;
      const next = { ...row, title, titleKey: title.toLowerCase() };
      const headers = [{ before: headerOfRow(row), after: headerOfRow(next) }];
      const { sources, known } = await prepareLinkRewrites(db, links, headers, async () => null);
      await links.learnHeaders(headers);
      const plan = planLinkRewrites(links, sources, known, (x) => links.resolver.get(x)?.folder_path ?? '');
      throw Object.assign(new Error('rollback'), { plan });
    })
    .catch(async (e: { plan: RewritePlan }) => {
      await links.rollback();
      return e.plan;
    });
}

describe('planLinkRewrites', () => {
  it('gives the rewritten links their new rows in their old places, and nothing else', async () => {
    const hub = await make('Hub');
    const other = await make('Other');
    const a = await make('A', 'x [[Other]] [[Hub|h]] y\n![[Hub#H]]\n');
    const stored = await db.links.where('from_id').equals(a).sortBy('seq');
    const plan = await planRename(hub, 'Hub 2');
    expect(plan.recompute.size).toBe(0);
    expect(plan.items.map((i) => [i.id, i.edits.map((e) => e.insert)])).toEqual([
      [a, ['[[Hub 2|h]]', '![[Hub 2#H]]']],
    ]);
    expect(plan.replaced).toEqual([stored[1], stored[2]]);
    expect(plan.rows).toEqual([
      { ...stored[1], target: 'Hub 2', target_name: 'hub 2', to_id: hub, via: 'path' },
      { ...stored[2], target: 'Hub 2', target_name: 'hub 2', to_id: hub, via: 'path' },
    ]);
    expect(stored[0]?.to_id).toBe(other);
  });

  it('leaves to the whole text a note whose links overlap, whose edit holds code marks, or whose rows differ from its text', async () => {
    const hub = await make('Hub');
    // parsed twice: a wiki link, and a markdown link whose text is `[Hub]`
    const nested = await make('N', '[[Hub]](Other.md)');
    const fine = await make('F', '[[Hub]]');
    const stale = await make('S', 'a [[Hub]]');
    // a row that no longer matches its note's text (its line moved)
    const row = (await db.links.where('from_id').equals(stale).first())!;
    await db.links.put({ ...row, line: 3 });
    const plan = await planRename(hub, 'Hub `2');
    expect([...plan.recompute].sort()).toEqual([fine, nested, stale].sort());
    expect(plan.rows).toEqual([]);
    const plain = await planRename(hub, 'Hub 2');
    expect([...plain.recompute].sort()).toEqual([nested, stale].sort());
    expect(plain.rows.map((r) => r.from_id)).toEqual([fine]);
  });
});

describe('rowsWithAnyOf', () => {
  it('answers what anyOf answers, keys in the order given, each once', async () => {
    await db.links.bulkAdd(
      ['a', 'b', 'a', 'c', 'b'].map((from_id, i) => ({
        from_id,
        to_id: null,
        target: `T${i}`,
        target_name: `t${i}`,
        subpath: null,
        alias: null,
        embed: false,
        syntax: 'wiki' as const,
        line: i,
        via: null,
      })),
    );
    const got = await db.transaction('r', db.links, () =>
      rowsWithAnyOf(db.links, 'from_id', ['b', 'a', 'b', 'x']),
    );
    expect(got.map((r) => [r.from_id, r.line])).toEqual([
      ['b', 1],
      ['b', 4],
      ['a', 0],
      ['a', 2],
    ]);
    const anyOf = await db.links.where('from_id').anyOf(['b', 'a', 'x']).toArray();
    expect(new Set(got)).toEqual(new Set(anyOf));
    expect(await keysWithAnyOf(db.links, 'from_id', ['c', 'a'])).toEqual([4, 1, 3]);
    expect(await rowsWithAnyOf(db.links, 'from_id', [])).toEqual([]);
  });
});
