import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { trashOperations } from '../../../../src/worker/ops/trash/trashOperations';
import { itemTrashesOf } from '../../../../src/worker/trash/itemTrashes';
import { type NotesVault, openNotesVault } from '../fixtures/notesVault';

const ui = { caller: { kind: 'ui' as const } };
const approveAll = { ...ui, approve: async () => 'once' as const };
const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('note attachments (attachments/<note_id>/<name>)', () => {
  let v: NotesVault;
  const create = async (title: string, content = '') => {
    const res = await v.registry.write('notes.create', [{ title, content }], approveAll);
    if (!res.ok) throw new Error(res.error.message);
    return (res.value as { id: string }).id;
  };
  const upload = (noteId: string, name: string, data = b64('bytes'), mime?: string) =>
    v.registry.write(
      'notes.uploadAttachment',
      mime === undefined ? [noteId, name, data] : [noteId, name, data, mime],
      approveAll,
    );
  const embedTarget = async (noteId: string) =>
    (await v.db.links.where('from_id').equals(noteId).toArray()).filter((r) => r.embed).map((r) => r.to_id);

  beforeEach(async () => {
    v = await openNotesVault({
      extra: ({ services, store }) => trashOperations(store.trash, itemTrashesOf(services)),
    });
  });
  afterEach(() => v.close());

  it('uploads, lists and stores the bytes as a filed file of the note', async () => {
    const note = await create('Trip');
    const up = await upload(note, 'photo.png', b64('PNGDATA'));
    expect(up).toMatchObject({
      ok: true,
      value: {
        note_id: note,
        name: 'photo.png',
        file: `attachments/${note}/photo.png`,
        file_type: 'image',
        mime_type: 'image/png',
        size: 7,
        embed: '![[photo.png]]',
      },
    });
    const id = up.ok ? (up.value as { id: string }).id : '';
    expect(up.ok && up.value).toMatchObject({ href: `svc://note/${id}`, source_ref: { kind: 'note', id } });
    expect(await (await v.store.getBlob(id))?.text()).toBe('PNGDATA');
    const list = await v.registry.read('notes.listAttachments', [note], ui);
    expect(list.ok && (list.value as { name: string }[]).map((a) => a.name)).toEqual(['photo.png']);
    // Not a folder of the tree: it belongs to the note.
    expect(await v.db.folders.count()).toBe(0);
    // spec 2.3: the note lists the files it embeds (synced, merged as a union; issue 15)
    expect((await v.db.notes.get(note))?.attachmentReferences).toEqual([id]);
  });

  it("resolves an embed to the note's own attachment, also when written before the upload", async () => {
    const a = await create('A', 'see ![[photo.png]]');
    const b = await create('B', 'mine ![[photo.png]]');
    expect(await embedTarget(a)).toEqual([null]);
    const upA = await upload(a, 'photo.png');
    const upB = await upload(b, 'photo.png');
    const idA = upA.ok ? (upA.value as { id: string }).id : '';
    const idB = upB.ok ? (upB.value as { id: string }).id : '';
    expect(await embedTarget(a)).toEqual([idA]);
    expect(await embedTarget(b)).toEqual([idB]);
    // A note written after both uploads still picks its own.
    const fresh = await v.registry.write(
      'notes.update',
      [b, { content: 'again ![[photo.png]]' }],
      approveAll,
    );
    expect(fresh.ok).toBe(true);
    expect(await embedTarget(b)).toEqual([idB]);
  });

  it('gives a taken name a number before the extension', async () => {
    const note = await create('N');
    await upload(note, 'Scan.pdf');
    expect(await upload(note, 'scan.pdf')).toMatchObject({ ok: true, value: { name: 'scan 1.pdf' } });
    expect(await upload(note, 'scan.pdf')).toMatchObject({ ok: true, value: { name: 'scan 2.pdf' } });
  });

  it.each([
    ['a/b.png', 'args[1]'],
    ['..', 'args[1]'],
    ['bad\u0007name.png', 'args[1]'],
    ['notes.txt', 'args[1]'],
    ['readme.md', 'args[1]'],
    ['what?.png', 'args[1]'],
  ])('refuses the name %j and changes nothing', async (name, field) => {
    const note = await create('N');
    const before = await v.snapshot();
    const res = await upload(note, name);
    expect(res).toMatchObject({ ok: false, error: { code: 'VALIDATION', field } });
    expect(await v.snapshot()).toEqual(before);
  });

  it('takes the type from the MIME type when the name has no known extension', async () => {
    const note = await create('N');
    expect(await upload(note, 'clip', b64('x'), 'audio/ogg')).toMatchObject({
      ok: true,
      value: { file_type: 'audio', mime_type: 'audio/ogg' },
    });
  });

  it('refuses bad base64, an unknown note and a filed file as owner, changing nothing', async () => {
    const note = await create('N');
    const up = await upload(note, 'p.png');
    const fileId = up.ok ? (up.value as { id: string }).id : '';
    const before = await v.snapshot();
    expect(await upload(note, 'q.png', '***')).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'args[2]' },
    });
    expect(await upload('nope', 'q.png')).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', field: 'args[0]' },
    });
    expect(await upload(fileId, 'q.png')).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'args[0]' },
    });
    expect(await v.registry.read('notes.listAttachments', ['nope'], ui)).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await v.snapshot()).toEqual(before);
  });

  it('deletes one attachment by name; the embed becomes unresolved', async () => {
    const note = await create('N', '![[p.png]]');
    const up = await upload(note, 'p.png');
    const id = up.ok ? (up.value as { id: string }).id : '';
    expect(await v.registry.write('notes.deleteAttachment', [note, 'missing.png'], approveAll)).toMatchObject(
      {
        ok: false,
        error: { code: 'NOT_FOUND', field: 'args[1]' },
      },
    );
    expect(await v.registry.write('notes.deleteAttachment', [note, 'P.PNG'], approveAll)).toEqual({
      ok: true,
      value: { note_id: note, name: 'p.png', id },
    });
    expect(await v.db.blobs.get(id)).toBeUndefined();
    expect(await embedTarget(note)).toEqual([null]);
    // spec 2.3: the note's synced list of its embedded files follows (issue 15)
    expect((await v.db.notes.get(note))?.attachmentReferences).toEqual([]);
  });

  it('deleting a note for good (after the Trash) deletes its attachments and their bytes, and only those', async () => {
    const a = await create('A');
    const b = await create('B');
    await upload(a, 'one.png');
    await upload(a, 'two.mp3');
    const kept = await upload(b, 'one.png');
    expect(await v.registry.write('notes.delete', [a], approveAll)).toMatchObject({ ok: true });
    // in the Trash its attachments wait with it (docs/trash.md)
    expect(await v.db.blobs.count()).toBe(3);
    expect(await v.registry.write('trash.deletePermanent', ['note', a], approveAll)).toMatchObject({
      ok: true,
    });
    expect((await v.db.notes.toArray()).map((n) => n.title)).toEqual(['B', 'one.png']);
    expect((await v.db.blobs.toArray()).map((x) => x.id)).toEqual([
      kept.ok ? (kept.value as { id: string }).id : '',
    ]);
  });
});
