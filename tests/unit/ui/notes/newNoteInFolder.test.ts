import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newNoteInFolder, type OpPort } from '../../../../src/ui/notes/newNoteInFolder';
import { noteFolderOperations } from '../../../../src/worker/ops/notes/noteFolderOperations';
import { createRegistry } from '../../../../src/worker/ops/registry';
import type { OpError } from '../../../../src/worker/ops/result';
import { openRecordsVault, type RecordsVault, value } from '../../calendar/recordsVault';

describe('New note in a folder whose settings name a template', () => {
  let v: RecordsVault;
  let port: OpPort<OpError>;
  beforeEach(async () => {
    v = await openRecordsVault();
    // The records registry plus the folder settings operations, called as the UI calls them.
    const folders = createRegistry([...v.registry.list(), ...noteFolderOperations(v.db, v.services.feed)]);
    const ui = { caller: { kind: 'ui' } } as const;
    port = {
      read: (op, ...args) => folders.read(op, args, ui),
      write: (op, ...args) => folders.write(op, args, { ...ui, approve: async () => 'once' }),
    };
    value(await v.notes.createFolder('Meetings'));
  });
  afterEach(() => v.close());

  it('starts from the template, its variables filled, in the folder asked', async () => {
    const t = value<{ id: string }>(
      await v.write('templates.create', {
        name: 'Meeting',
        titleTemplate: 'Meeting {{date}}',
        content: '# {{title}}\nOn {{weekday}}\n',
        folderPath: 'Elsewhere',
      }),
    );
    expect(await port.read('notes.getFolderTemplate', 'Meetings')).toEqual({ ok: true, value: null });
    expect(await newNoteInFolder(port, 'Meetings')).toEqual({ ok: true, value: null });
    value(await port.write('notes.setFolderConfig', 'Meetings', { templateId: t.id }));
    const made = value<{ id: string } | null>(await newNoteInFolder(port, 'Meetings'));
    const note = await v.notes.get(made?.id ?? '');
    expect(note).toMatchObject({
      title: 'Meeting 2026-11-21',
      folderPath: 'Meetings',
      markdown: '# Meeting 2026-11-21\nOn Saturday\n',
    });
  });

  it('makes a plain note once the template is deleted, and passes a missing folder refusal on', async () => {
    const t = value<{ id: string }>(await v.write('templates.create', { name: 'Gone', content: 'x' }));
    value(await port.write('notes.setFolderConfig', 'Meetings', { templateId: t.id }));
    value(await v.write('templates.delete', t.id));
    expect(await newNoteInFolder(port, 'Meetings')).toEqual({ ok: true, value: null });
    expect(await newNoteInFolder(port, 'Nope')).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});
