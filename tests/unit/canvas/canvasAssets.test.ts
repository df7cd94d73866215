import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fingerprint } from '../tools/fixtures/fingerprint';
import { type FullVault, openFullVault } from '../tools/fixtures/fullVault';

const UI = { caller: { kind: 'ui' as const }, approve: async () => 'once' as const };
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const box = (id: string, type: string, x: number, extra: Record<string, unknown> = {}) => ({
  id,
  type,
  x,
  y: 0,
  width: 100,
  height: 60,
  ...extra,
});

describe('canvas assets and the library (derived from the scenes)', () => {
  let full: FullVault;
  beforeEach(async () => {
    full = await openFullVault();
  });
  afterEach(() => full.close());
  async function call(kind: 'read' | 'write', op: string, ...args: unknown[]) {
    const res = await full.vault.registry[kind](op, args, UI);
    if (!res.ok) throw new Error(`${op}: ${res.error.message}`);
    return res.value as Record<string, unknown>;
  }

  let seeded = 0;
  /** A fresh canvas name each time: the fake-indexeddb vaults of this file may share a database. */
  async function seed() {
    const title = `Garden ${++seeded}`;
    const imported = (await call('write', 'notes.importFiles', [
      { name: 'bed.png', content: PNG_1PX, encoding: 'base64', folder: 'Pictures' },
      { name: 'Plan.md', content: '# Plan' },
    ])) as { created: { id: string }[] };
    const [image, note] = imported.created.map((c) => c.id) as [string, string];
    const canvas = (await call('write', 'canvas.create', { title, folder: 'Boards' })) as {
      id: string;
    };
    await call('write', 'canvas.saveScene', canvas.id, [
      box('f1', 'frame', 0, { text: 'Bed layout' }),
      box('f2', 'frame', 500, { text: '  ' }),
      box('c1', 'card', 10, { entity_type: 'note', entity_id: image, frameId: 'f1' }),
      box('c2', 'card', 200, { entity_type: 'note', entity_id: note }),
      box('c3', 'card', 300, { entity_type: 'note', entity_id: image }),
      box('r1', 'rectangle', 20, { frameId: 'f1' }),
    ]);
    // Background work of the import (search index, link headers) settles before any fingerprint.
    await (await full.vault.search).settled();
    await full.vault.bodies.links.ensureLoaded();
    return { image, note, canvas: canvas.id, path: `Boards/${title}` };
  }

  it('lists the filed files a canvas shows as cards, with placements, by id or by path', async () => {
    const { image, canvas, path } = await seed();
    const listed = await call('read', 'canvas.listAssets', path);
    expect(listed).toMatchObject({ canvas_id: canvas, total: 1 });
    const [asset] = listed.assets as Record<string, unknown>[];
    expect(asset).toMatchObject({
      id: image,
      title: 'bed.png',
      folder: 'Pictures',
      fileType: 'image',
      contentOmitted: true,
      placements: [
        { elementId: 'c1', x: 10, frameId: 'f1' },
        { elementId: 'c3', x: 300, frameId: null },
      ],
    });
    expect(String(asset!.contentAccess)).toContain('vault_view_file');
    expect(await call('read', 'canvas.getAsset', canvas, image)).toMatchObject({
      canvas_id: canvas,
      id: image,
    });
  });

  it('the library is every named frame, with its members', async () => {
    const { canvas, path } = await seed();
    const library = (await call('read', 'canvas.libraryList')) as { groups: { canvas_id: string }[] };
    expect(library.groups.filter((g) => g.canvas_id === canvas)).toEqual([
      {
        id: `${canvas}/f1`,
        name: 'Bed layout',
        canvas_id: canvas,
        canvas_path: path,
        frame_id: 'f1',
        width: 100,
        height: 60,
        element_count: 2,
        types: { card: 1, rectangle: 1 },
      },
    ]);
  });

  it('finds filed files by name for the Add file picker, never markdown notes', async () => {
    const { image, note } = await seed();
    type Found = { files: { id: string; title: string; fileType: string; size: number | null }[] };
    const all = (await call('read', 'canvas.findFiles')) as Found;
    expect(all.files.map((f) => f.id)).toContain(image);
    expect(all.files.map((f) => f.id)).not.toContain(note);
    const found = (await call('read', 'canvas.findFiles', 'BED', 50)) as Found;
    // The vaults of this file share a database: an earlier seed's bed.png makes this one "bed.png 2".
    expect(found.files.find((f) => f.id === image)).toMatchObject({
      title: expect.stringMatching(/^bed\.png/),
      fileType: 'image',
      folder: 'Pictures',
    });
    expect(found.files.every((f) => f.title.toLowerCase().includes('bed'))).toBe(true);
    expect(((await call('read', 'canvas.findFiles', 'plan')) as Found).files).toEqual([]);
  });

  it('refuses a missing canvas, a note that is not a file, a file not on the canvas; nothing changes', async () => {
    const { note, canvas } = await seed();
    const before = await fingerprint([full.vault.services.db, full.meta]);
    const cases: [string, unknown[], string, string][] = [
      ['canvas.listAssets', ['Nope'], 'NOT_FOUND', 'canvasId'],
      ['canvas.getAsset', ['Nope', note], 'NOT_FOUND', 'canvasId'],
      ['canvas.getAsset', [canvas, note], 'NOT_FOUND', 'assetId'],
      ['canvas.getAsset', [canvas, 'gone'], 'NOT_FOUND', 'assetId'],
      ['canvas.getAsset', [canvas, ''], 'VALIDATION', 'args[1]'],
      ['canvas.libraryList', [{ limit: 0 }], 'VALIDATION', 'args[0].limit'],
      ['canvas.findFiles', ['bed', 0], 'VALIDATION', 'args[1]'],
      ['canvas.findFiles', ['x'.repeat(201)], 'VALIDATION', 'args[0]'],
      ['canvas.findFiles', [7], 'VALIDATION', 'args[0]'],
    ];
    for (const [op, args, code, field] of cases) {
      const res = await full.vault.registry.read(op, args, UI);
      expect(
        res.ok ? 'accepted' : [res.error.code, res.error.field],
        `${op} ${JSON.stringify(args)}`,
      ).toEqual([code, field]);
    }
    expect(await fingerprint([full.vault.services.db, full.meta])).toEqual(before);
  });
});
