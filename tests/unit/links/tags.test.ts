import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChangeFeed } from '../../../src/worker/changes/changeFeed';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { createNoteTagIndex, type NoteTagIndex } from '../../../src/worker/ops/tags/noteTagIndex';
import { retagSource } from '../../../src/worker/ops/tags/retagSource';
import { createNoteBodies } from '../../../src/worker/stores/noteBodies';
import { createNotesStore, type NotesStore } from '../../../src/worker/stores/notesStore';

const value = (r: ReturnType<typeof retagSource>) => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('retagSource', () => {
  it('renames frontmatter and inline tags, children included, and nothing in code, URLs or other words', () => {
    const src = [
      '---',
      'title: Plan # a comment',
      'tags: [project, Project/alpha, other]',
      '---',
      'Work on #project and #PROJECT/beta, not #projects or a#project.',
      '`#project` in code, https://x/#project, ## heading',
      '```',
      '#project',
      '```',
    ].join('\n');
    const out = value(retagSource(src, 'project', 'work'));
    expect(out).toBe(
      [
        '---',
        'title: Plan # a comment',
        'tags:',
        '  - work',
        '  - work/alpha',
        '  - other',
        '---',
        'Work on #work and #work/beta, not #projects or a#project.',
        '`#project` in code, https://x/#project, ## heading',
        '```',
        '#project',
        '```',
      ].join('\n'),
    );
    expect(value(retagSource(src, 'absent', 'x'))).toBe(src);
  });

  it('deletes a tag, removing an emptied tags property, and keeps a string value a string', () => {
    expect(value(retagSource('---\ntags: [a]\nx: 1\n---\nText #a here\n', 'a', null))).toBe(
      '---\nx: 1\n---\nText  here\n',
    );
    expect(value(retagSource('---\ntags: a, b\n---\n', 'b', 'c'))).toBe('---\ntags: a, c\n---\n');
  });

  it('refuses to edit broken frontmatter rather than guess', () => {
    const r = retagSource('---\ntags: [a\n---\n#a', 'a', 'b');
    expect(r.ok).toBe(false);
  });
});

let db: VaultDb;
let notes: NotesStore;
let tags: NoteTagIndex;
let n = 0;
beforeEach(async () => {
  db = openVaultDb(`tags-${++n}`);
  await db.open();
  let id = 0;
  const services = {
    vaultId: 'v',
    db,
    feed: new ChangeFeed('v', null),
    now: () => Date.now(),
    newId: () => `t${++id}`,
    deviceId: 'd',
  };
  const bodies = createNoteBodies(services, null);
  notes = createNotesStore({ ...services, bodies });
  tags = createNoteTagIndex(db, bodies);
});
afterEach(() => db.delete());

describe('note tags over the tags index', () => {
  it('counts each note once per tag and under every parent, and finds notes by a parent tag', async () => {
    const a = await notes.create({ title: 'A', markdown: '#area/work and #area/home #Solo' });
    const b = await notes.create({ title: 'B', markdown: '---\ntags: [area/work]\n---\n' });
    await notes.create({ title: 'C', markdown: 'no tags' });
    if (!a.ok || !b.ok) throw new Error('create failed');
    expect(await tags.allWithCounts()).toEqual([
      { name: 'area', count: 2 },
      { name: 'area/home', count: 1 },
      { name: 'area/work', count: 2 },
      { name: 'Solo', count: 1 },
    ]);
    expect((await tags.notesWith('AREA')).map((r) => r.title).sort()).toEqual(['A', 'B']);
    expect((await tags.notesWith('solo')).map((r) => r.title)).toEqual(['A']);
  });

  it('renames, merges and deletes through the note bodies, and the derived tags follow', async () => {
    await notes.create({ title: 'A', markdown: '#draft text #keep' });
    await notes.create({ title: 'B', markdown: '---\ntags: [draft, final]\n---\nbody' });
    const renamed = await tags.rename('draft', 'wip');
    expect(renamed).toEqual({ tag: 'draft', changed: 2, failed: [] });
    expect((await db.bodies.toArray()).map((b) => b.markdown).sort()).toEqual([
      '#wip text #keep',
      '---\ntags:\n  - wip\n  - final\n---\nbody',
    ]);
    await tags.rename('wip', 'final');
    expect((await db.bodies.toArray()).map((b) => b.markdown).sort()[1]).toBe(
      '---\ntags:\n  - final\n---\nbody',
    );
    expect((await db.notes.toArray()).map((r) => r.tags)).toEqual([['final', 'keep'], ['final']]);
    expect((await tags.remove('final')).changed).toBe(2);
    expect((await tags.allWithCounts()).map((t) => t.name)).toEqual(['keep']);
  });
});
