import { base64 } from '@scure/base';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { attachmentNameFor } from '../../../src/worker/domain/inbox/attachmentName';
import { inboxBlobId } from '../../../src/worker/domain/inbox/inboxItem';
import { openTestVault, value } from '../planning/harness';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7]);
const PDF = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
const WEBM = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4]);

let v: Awaited<ReturnType<typeof openTestVault>>;
beforeEach(async () => {
  v = await openTestVault();
});
afterEach(() => v.close());

const bytesOf = async (blob: Blob | undefined) => new Uint8Array(await blob!.arrayBuffer());
const captured = async (
  op: string,
  data: Uint8Array,
  mimeType: string,
  extra: Record<string, unknown> = {},
) => value<{ id: string }>(await v.write(op, { data: base64.encode(data), mimeType, ...extra })).id;
const noteOf = (filedTo: string) => filedTo.replace('note:', '');
const attachmentsOf = (noteId: string) =>
  v.db.notes.where('folderPath').equals(`attachments/${noteId}`).toArray();

describe('a filed file capture becomes an attachment of its note', () => {
  it('an image converted to a note is embedded in it, its bytes moved; undo gives them back', async () => {
    const id = await captured('inbox.captureImage', PNG, 'image/png', {
      name: 'dot.png',
      note: 'from the fridge',
    });
    const filed = value<{ items: { filedTo: string }[] }>(
      await v.write('inbox.convertToNote', id, { folder: 'Captures' }),
    );
    const noteId = noteOf(filed.items[0]!.filedTo);
    const [att] = await attachmentsOf(noteId);
    expect(att).toMatchObject({ title: 'dot.png', fileType: 'image', mime: 'image/png', size: PNG.length });
    expect(await bytesOf((await v.db.blobs.get(att!.id))?.blob)).toEqual(PNG);
    expect((await v.db.bodies.get(noteId))?.markdown).toBe('![[dot.png]]\n\nfrom the fridge');
    // One copy: the capture's own blob is gone, and the item points at the attachment.
    expect(await v.db.blobs.get(inboxBlobId(id))).toBeUndefined();
    const item = value<{ attachmentPath: string }>(await v.read('inbox.get', id));
    expect(item.attachmentPath).toBe(`attachments/${noteId}/dot.png`);
    const back = value<{ data: string }>(await v.read('inbox.getAttachment', id));
    expect(base64.decode(back.data)).toEqual(PNG);

    // Unedited, the note goes on undo (with its attachment): filing again meets no leftover.
    const undone = value<{ file: string; removed: string; kept: null }>(await v.write('inbox.undoFile', id));
    expect(undone).toMatchObject({ file: 'restored', removed: `note:${noteId}`, kept: null });
    expect(await v.db.notes.get(noteId)).toBeUndefined();
    expect(await attachmentsOf(noteId)).toEqual([]);
    expect(await bytesOf((await v.db.blobs.get(inboxBlobId(id)))?.blob)).toEqual(PNG);
    expect(value<{ attachmentPath: string }>(await v.read('inbox.get', id)).attachmentPath).toBe(
      `inbox/${id}/dot.png`,
    );
  });

  it('a PDF and a recording filed into a folder become attachments too', async () => {
    const pdf = await captured('inbox.capturePdf', PDF, 'application/pdf', { name: 'scan: page [1].pdf' });
    const voice = await captured('inbox.captureVoice', WEBM, 'audio/webm', { name: 'memo.webm' });
    value(await v.write('inbox.bulkFile', [pdf, voice], { folder: 'Inbox files' }));
    for (const [id, name, type] of [
      [pdf, 'scan- page -1-.pdf', 'pdf'],
      // the notes' type rules take .webm as video (it plays there all the same)
      [voice, 'memo.webm', 'video'],
    ] as const) {
      const row = (await v.db.inbox.get(id))!;
      const noteId = noteOf(row.filedTo!);
      const [att] = await attachmentsOf(noteId);
      expect(att).toMatchObject({ title: name, fileType: type });
      expect((await v.db.bodies.get(noteId))?.markdown).toBe(`![[${name}]]`);
      expect(await v.db.blobs.get(inboxBlobId(id))).toBeUndefined();
    }
  });

  it('an edited note is kept on undo, with its own copy of the file', async () => {
    const id = await captured('inbox.captureImage', PNG, 'image/png', { name: 'kept.png' });
    const filed = value<{ items: { filedTo: string }[] }>(await v.write('inbox.convertToNote', id));
    const noteId = noteOf(filed.items[0]!.filedTo);
    const row = (await v.db.bodies.get(noteId))!;
    await v.db.bodies.put({ ...row, markdown: `${row.markdown}\n\nmy words` });
    const undone = value<{ removed: string | null; kept: string }>(await v.write('inbox.undoFile', id));
    expect(undone).toMatchObject({ removed: null, kept: `note:${noteId}` });
    expect(await attachmentsOf(noteId)).toHaveLength(1);
    expect(await bytesOf((await v.db.blobs.get(inboxBlobId(id)))?.blob)).toEqual(PNG);
  });

  it('a note deleted since: undo brings the item back and says its file is missing', async () => {
    const id = await captured('inbox.captureImage', PNG, 'image/png', { name: 'gone.png' });
    const filed = value<{ items: { filedTo: string }[] }>(await v.write('inbox.convertToNote', id));
    const noteId = noteOf(filed.items[0]!.filedTo);
    const att = (await attachmentsOf(noteId))[0]!;
    await v.db.transaction('rw', v.db.notes, v.db.blobs, async () => {
      await v.db.notes.bulkDelete([noteId, att.id]);
      await v.db.blobs.delete(att.id);
    });
    expect(value<{ file: string }>(await v.write('inbox.undoFile', id)).file).toBe('missing');
    expect((await v.db.inbox.get(id))?.bucket).toBe('open');
  });

  it('a refused filing leaves the capture and its bytes as they were', async () => {
    const id = await captured('inbox.captureImage', PNG, 'image/png', { name: 'keep.png' });
    const before = await v.db.inbox.get(id);
    const res = await v.write('inbox.convertToNote', id, { folder: '../bad' });
    expect(res.ok).toBe(false);
    expect(await v.db.inbox.get(id)).toEqual(before);
    expect(await bytesOf((await v.db.blobs.get(inboxBlobId(id)))?.blob)).toEqual(PNG);
    expect(await v.db.notes.where('fileType').equals('image').count()).toBe(0);
  });

  it('attachmentNameFor makes a capture name safe for an embed, keeping the extension', () => {
    expect(attachmentNameFor('a#b|c^d.png', 'x')).toBe('a-b-c-d.png');
    expect(attachmentNameFor('..', 'image capture')).toBe('image capture');
    const long = attachmentNameFor(`${'n'.repeat(300)}.pdf`, 'x');
    expect(long).toHaveLength(200);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});
