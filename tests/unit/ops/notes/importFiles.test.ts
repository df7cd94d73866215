import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  IMPORT_MAX_FILES,
  importFilesOperations,
} from '../../../../src/worker/ops/notes/importFilesOperation';
import { createRegistry, type Registry } from '../../../../src/worker/ops/registry';
import { type NotesVault, openNotesVault } from '../fixtures/notesVault';

const approveAll = { caller: { kind: 'ui' as const }, approve: async () => 'once' as const };
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

describe('notes.importFiles', () => {
  let v: NotesVault;
  let ops: Registry;
  beforeEach(async () => {
    v = await openNotesVault();
    ops = createRegistry(importFilesOperations(v.store));
  });
  afterEach(() => v.close());

  it('imports text and base64 files into folders and reports each file refused', async () => {
    const res = await ops.write(
      'notes.importFiles',
      [
        [
          { name: 'Plan.md', content: '# Plan\n[[Ideas]] #work' },
          { name: 'Ideas.md', content: 'ideas', folder: 'Inbox' },
          { name: 'dot.png', content: PNG_1PX, encoding: 'base64', folder: 'Pictures' },
          { name: '.hidden.md', content: 'x' },
          { name: 'data.xyz', content: 'x' },
        ],
      ],
      approveAll,
    );
    expect(res).toMatchObject({
      ok: true,
      value: {
        notes: 2,
        files: 1,
        created: [
          { name: 'Plan.md', path: 'Plan.md', title: 'Plan', fileType: 'markdown' },
          { name: 'Inbox/Ideas.md', path: 'Inbox/Ideas.md', title: 'Ideas', fileType: 'markdown' },
          { name: 'Pictures/dot.png', path: 'Pictures/dot.png', fileType: 'image' },
        ],
        refused: [{ name: '.hidden.md' }, { name: 'data.xyz' }],
      },
    });
    const plan = await v.store.get(res.ok ? (res.value as { created: { id: string }[] }).created[0]!.id : '');
    expect(plan?.markdown).toBe('# Plan\n[[Ideas]] #work');
    const blob = await v.store.getBlob(
      res.ok ? (res.value as { created: { id: string }[] }).created[2]!.id : '',
    );
    expect(blob?.size).toBe(Buffer.from(PNG_1PX, 'base64').length);
  });

  it('a title taken in the folder gets a number, as the UI import does', async () => {
    await ops.write('notes.importFiles', [[{ name: 'A.md', content: '1' }]], approveAll);
    const again = await ops.write('notes.importFiles', [[{ name: 'A.md', content: '2' }]], approveAll);
    expect(again).toMatchObject({ ok: true, value: { created: [{ title: 'A 1', path: 'A 1.md' }] } });
  });

  it('refuses bad input before writing anything', async () => {
    const before = await v.snapshot();
    const many = Array.from({ length: IMPORT_MAX_FILES + 1 }, (_, i) => ({ name: `n${i}.md`, content: '' }));
    const big = 'x'.repeat(6 * 1024 * 1024);
    const cases: [unknown[], string][] = [
      [[[]], 'args[0]'],
      [[many], 'args[0]'],
      [[[{ name: 'a.md' }]], 'args[0][0].content'],
      [[[{ name: '', content: 'x' }]], 'args[0][0].name'],
      [[[{ name: 'a.md', content: 'x', encoding: 'hex' }]], 'args[0][0].encoding'],
      [[[{ name: 'a.md', content: 'x', extra: 1 }]], 'args[0][0]'],
      [[[{ name: 'a.png', content: 'not base64!', encoding: 'base64' }]], 'args[0][0].content'],
      [
        [
          [
            { name: 'a.md', content: big },
            { name: 'b.md', content: big },
          ],
        ],
        'args[0]',
      ],
      [
        [
          [
            { name: 'a.md', content: '1' },
            { name: 'a.md', content: '2' },
          ],
        ],
        'args[0][1].name',
      ],
    ];
    for (const [args, field] of cases) {
      const res = await ops.write('notes.importFiles', args, approveAll);
      expect(res.ok, JSON.stringify(args).slice(0, 80)).toBe(false);
      if (!res.ok) {
        expect(res.error.code).toBe('VALIDATION');
        expect(res.error.field?.startsWith(field)).toBe(true);
      }
    }
    expect(await v.snapshot()).toEqual(before);
  });
});
